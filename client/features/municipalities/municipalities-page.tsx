import type { Municipality } from '../../../shared/municipalities/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { CrudPage } from '../../ui/crud-page';
import { municipalityColumns } from './municipality-columns';
import { MunicipalityFormDialog } from './municipality-form-dialog';
import { useMunicipalityDialog } from './use-municipality-dialog';

/**
 * docs/producto.md §2 municipalities: the non-deleted ones (the API's default), create, edit, and a soft delete
 * (DELETE sets delete = true; the row stays for the clients, loans and sheets that point at it).
 */
export function MunicipalitiesPage() {
  const list = useApiData<{ data: Municipality[] }>('municipalities');
  const dialog = useMunicipalityDialog(list.reload);
  return (
    <CrudPage
      title="Municipios"
      subtitle="Municipios donde se cobra y su día de cobro"
      create={{ label: 'Nuevo Municipio', onClick: dialog.openCreate }}
      source={list}
      errorTitle="Error al cargar los municipios"
      table={{
        label: 'Lista de municipios',
        testId: 'municipalities-table',
        columns: municipalityColumns,
        rows: list.data?.data ?? null,
        rowKey: (m) => m.id,
        rowName: (m) => m.name,
        emptyText: 'No hay municipios registrados',
      }}
      onEdit={dialog.openEdit}
      remove={{
        call: (m) => apiDelete(`municipalities/${m.id}`),
        title: 'Eliminar Municipio',
        message: (m) =>
          `¿Está seguro de eliminar el municipio ${m.name}? Sus clientes y préstamos se conservan.`,
        deleted: 'Municipio eliminado exitosamente',
        deleteError: 'Error al eliminar el municipio',
      }}
    >
      <MunicipalityFormDialog dialog={dialog} />
    </CrudPage>
  );
}
