import type { Account } from '../../../shared/accounts/types';
import { dateColumn, idColumn, nameColumn } from '../../ui/columns';
import type { DataTableColumn } from '../../ui/data-table';
import { AccountExportButtons } from './account-export';

/** docs/producto.md §2 accounts table: ID, Nombre, Fecha de Creación, and the account's data to download. */
export const accountColumns: readonly DataTableColumn<Account>[] = [
  idColumn(),
  nameColumn('name', 'Nombre', (a) => a.name),
  dateColumn('created_at', 'Fecha de Creación', (a) => a.created_at),
  { key: 'export', header: 'Exportar datos', render: (a) => <AccountExportButtons account={a} /> },
];
