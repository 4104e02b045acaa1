import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Client } from '../../../shared/clients/types';
import type { Municipality } from '../../../shared/municipalities/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { ListPagination } from '../../ui/list-pagination';
import { PageHeader } from '../../ui/page-header';
import { pageInfo, pageRows } from '../../ui/pagination';
import { RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { useDeleteConfirm } from '../../ui/use-delete-confirm';
import { clientColumns } from './client-columns';
import { ClientFormDialog } from './client-form-dialog';
import { ClientStatCards } from './client-stat-cards';
import { clientStats, filterClientsByName } from './client-stats';
import { useClientDialog } from './use-client-dialog';

const CLIENTS_PER_PAGE = 25;

/** SPEC §2 clients: figures, name search, the table, and create/edit/delete. `?nuevo=1` opens 'Nuevo Cliente'. */
export function ClientsPage() {
  const clients = useApiData<{ data: Client[] }>('clients');
  const municipalities = useApiData<{ data: Municipality[] }>('municipalities');
  const [search, setSearch] = useState('');
  // After a save, the page that holds the saved client, so the user sees the row they just typed.
  const [savedName, setSavedName] = useState<string | null>(null);
  const dialog = useClientDialog((saved) => {
    setSavedName(saved.nombre);
    clients.reload();
  });
  const removal = useDeleteConfirm<Client>({
    remove: (client) => apiDelete(`clients/${client.id}`),
    messages: { deleted: 'Cliente eliminado exitosamente', deleteError: 'Error al eliminar el cliente' },
    onDeleted: clients.reload,
  });

  // The dashboard's 'Registrar Nuevo Cliente' lands here with ?nuevo=1; drop it so a reload doesn't reopen.
  const [params, setParams] = useSearchParams();
  const { openCreate } = dialog;
  useEffect(() => {
    if (params.get('nuevo') !== '1') return;
    openCreate();
    setParams(
      (current) => {
        current.delete('nuevo');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams, openCreate]);

  const all = clients.data?.data ?? [];
  const stats = useMemo(() => clientStats(all), [all]);
  const rows = useMemo(() => filterClientsByName(all, search), [all, search]);
  // A page at a time: thousands of clients as cards were a 14,000-px page on a phone (issue 12).
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (savedName === null) return;
    const at = rows.findIndex((c) => c.nombre === savedName);
    if (at >= 0) {
      setPage(Math.floor(at / CLIENTS_PER_PAGE) + 1);
      setSavedName(null);
    }
  }, [rows, savedName]);
  const info = pageInfo(page, rows.length, CLIENTS_PER_PAGE);
  const shown = useMemo(() => pageRows(rows, info), [rows, info]);

  return (
    <Stack gap="6">
      <PageHeader
        title="Clientes"
        subtitle="Administra los clientes y sus datos de contacto"
        actions={
          <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate}>
            Nuevo Cliente
          </Button>
        }
      />
      {clients.error && (
        <ErrorState title="Error al cargar los clientes" message={clients.error} onRetry={clients.reload} />
      )}
      {clients.data && <ClientStatCards stats={stats} />}
      <SearchInput
        value={search}
        onChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
        label="Buscar cliente por nombre"
      />
      {!(clients.error && !clients.data) && (
        <DataTable
          label="Lista de clientes"
          testId="clients-table"
          columns={clientColumns}
          rows={shown}
          rowKey={(c) => c.id}
          loading={clients.loading}
          emptyText={search ? 'Ningún cliente coincide con la búsqueda' : 'No hay clientes registrados'}
          actions={(c) => (
            <RowActions name={c.nombre} onEdit={() => dialog.openEdit(c)} onDelete={() => removal.ask(c)} />
          )}
        />
      )}
      <ListPagination info={info} onPage={setPage} />
      <ClientFormDialog
        dialog={dialog}
        municipalities={municipalities.data?.data ?? []}
        municipalitiesError={municipalities.error}
      />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Eliminar Cliente"
        message={`¿Está seguro de eliminar al cliente ${removal.target?.nombre ?? ''}? Esta acción no se puede deshacer.`}
      />
    </Stack>
  );
}
