import { Button, Stack } from '@chakra-ui/react';
import type { Municipality } from '../../../shared/municipalities/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { useDeleteConfirm } from '../../ui/use-delete-confirm';
import { municipalityColumns } from './municipality-columns';
import { MunicipalityFormDialog } from './municipality-form-dialog';
import { useMunicipalityDialog } from './use-municipality-dialog';

/**
 * SPEC §2 municipalities: the non-deleted ones (the API's default), create, edit, and a soft delete
 * (DELETE sets delete = true; the row stays for the clients, loans and sheets that point at it).
 */
export function MunicipalitiesPage() {
  const list = useApiData<{ data: Municipality[] }>('municipalities');
  const dialog = useMunicipalityDialog(list.reload);
  const removal = useDeleteConfirm<Municipality>({
    remove: (m) => apiDelete(`municipalities/${m.id}`),
    messages: { deleted: 'Municipio eliminado exitosamente', deleteError: 'Error al eliminar el municipio' },
    onDeleted: list.reload,
  });

  return (
    <Stack gap="6">
      <PageHeader
        title="Municipios"
        subtitle="Municipios donde se cobra y su día de cobro"
        actions={
          <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate}>
            Nuevo Municipio
          </Button>
        }
      />
      {list.error && (
        <ErrorState title="Error al cargar los municipios" message={list.error} onRetry={list.reload} />
      )}
      {!(list.error && !list.data) && (
        <DataTable
          label="Lista de municipios"
          testId="municipalities-table"
          columns={municipalityColumns}
          rows={list.data?.data ?? []}
          rowKey={(m) => m.id}
          loading={list.loading}
          emptyText="No hay municipios registrados"
          actions={(m) => (
            <RowActions name={m.name} onEdit={() => dialog.openEdit(m)} onDelete={() => removal.ask(m)} />
          )}
        />
      )}
      <MunicipalityFormDialog dialog={dialog} />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Eliminar Municipio"
        message={`¿Está seguro de eliminar el municipio ${removal.target?.name ?? ''}? Sus clientes y préstamos se conservan.`}
      />
    </Stack>
  );
}
