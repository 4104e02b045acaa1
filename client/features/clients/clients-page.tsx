import { Button } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Client } from '../../../shared/clients/types';
import type { Municipality } from '../../../shared/municipalities/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { CrudPage } from '../../ui/crud-page';
import { ListPagination } from '../../ui/list-pagination';
import { pageInfo, pageRows } from '../../ui/pagination';
import { SearchInput } from '../../ui/search-input';
import { useCanOpen } from '../loans/loan-list-actions';
import { clientColumns } from './client-columns';
import { ClientFormDialog } from './client-form-dialog';
import { ClientStatCards } from './client-stat-cards';
import { clientStats, filterClientsByName } from './client-stats';
import { useClientDialog } from './use-client-dialog';
import { useNuevoParam } from './use-nuevo-param';

const CLIENTS_PER_PAGE = 25;

/** docs/producto.md §2 clients: figures, name search, the table, and create/edit/delete. `?nuevo=1` opens 'Nuevo Cliente'. */
export function ClientsPage() {
  const clients = useApiData<{ data: Client[] }>('clients');
  const canOpen = useCanOpen();
  const municipalities = useApiData<{ data: Municipality[] }>('municipalities');
  const [search, setSearch] = useState('');
  // After a save, the page that holds the saved client, so the user sees the row they just typed.
  const [savedName, setSavedName] = useState<string | null>(null);
  const dialog = useClientDialog((saved) => {
    setSavedName(saved.nombre);
    clients.reload();
  });
  useNuevoParam(dialog.openCreate);

  const all = clients.data?.data ?? [];
  const stats = useMemo(() => clientStats(all), [all]);
  const rows = useMemo(() => filterClientsByName(all, search), [all, search]);
  // A page at a time: thousands of clients as cards would make a 14,000-px page on a phone.
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
    <CrudPage
      title="Clientes"
      subtitle="Administra los clientes y sus datos de contacto"
      create={{ label: 'Nuevo Cliente', onClick: dialog.openCreate }}
      actions={
        canOpen('/loans/import') && (
          <Button asChild size={{ base: 'lg', md: 'md' }} variant="outline" className="no-print">
            <Link to="/loans/import">Importar desde Excel</Link>
          </Button>
        )
      }
      source={clients}
      errorTitle="Error al cargar los clientes"
      intro={
        <>
          {clients.data && <ClientStatCards stats={stats} />}
          <SearchInput
            value={search}
            onChange={(text) => {
              setSearch(text);
              setPage(1);
            }}
            label="Buscar cliente por nombre"
          />
        </>
      }
      table={{
        label: 'Lista de clientes',
        testId: 'clients-table',
        columns: clientColumns,
        rows: clients.data ? shown : null,
        rowKey: (c) => c.id,
        rowName: (c) => c.nombre,
        emptyText: search ? 'Ningún cliente coincide con la búsqueda' : 'No hay clientes registrados',
      }}
      footer={<ListPagination info={info} onPage={setPage} />}
      onEdit={dialog.openEdit}
      remove={{
        call: (c) => apiDelete(`clients/${c.id}`),
        title: 'Eliminar Cliente',
        message: (c) => `¿Está seguro de eliminar al cliente ${c.nombre}? Esta acción no se puede deshacer.`,
        deleted: 'Cliente eliminado exitosamente',
        deleteError: 'Error al eliminar el cliente',
      }}
    >
      <ClientFormDialog
        dialog={dialog}
        municipalities={municipalities.data?.data ?? []}
        municipalitiesError={municipalities.error}
      />
    </CrudPage>
  );
}
