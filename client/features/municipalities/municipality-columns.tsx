import { COLLECTION_DAY_LABELS } from '../../../shared/municipalities/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import { dateColumn, idColumn, nameColumn } from '../../ui/columns';
import type { DataTableColumn } from '../../ui/data-table';

/** docs/producto.md §2 municipalities table: ID, Nombre, Día de Cobro (Lunes…), Fecha de Creación. */
export const municipalityColumns: readonly DataTableColumn<Municipality>[] = [
  idColumn(),
  nameColumn('name', 'Nombre', (m) => m.name, { cardTitle: true }),
  {
    key: 'collection_day',
    header: 'Día de Cobro',
    render: (m) => COLLECTION_DAY_LABELS[m.collection_day] ?? m.collection_day,
  },
  dateColumn('created_at', 'Fecha de Creación', (m) => m.created_at),
];
