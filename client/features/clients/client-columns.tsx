import type { Client } from '../../../shared/clients/types';
import { dateColumn, idColumn, nowrapColumn } from '../../ui/columns';
import type { DataTableColumn } from '../../ui/data-table';
import { ClientNameBadges } from '../new-loan/client-badges';

/** docs/producto.md §2 clients table: ID, Nombre (badges), Teléfono, Municipio, Fecha de Registro. */
export const clientColumns: readonly DataTableColumn<Client>[] = [
  idColumn(),
  { key: 'nombre', header: 'Nombre', cardTitle: true, render: (c) => <ClientNameBadges client={c} /> },
  nowrapColumn('telefono', 'Teléfono', (c) => c.telefono),
  { key: 'municipio', header: 'Municipio', render: (c) => c.municipalities?.name ?? 'N/A' },
  dateColumn('created_at', 'Fecha de Registro', (c) => c.created_at),
];
