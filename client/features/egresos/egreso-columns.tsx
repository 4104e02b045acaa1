import { formatDate, formatDateTime } from '../../../shared/dates';
import type { Egreso } from '../../../shared/egresos/types';
import { formatMoney } from '../../../shared/money';
import type { DataTableColumn } from '../../ui/data-table';

/** docs/producto.md §2: Fecha, Importe, Responsable, Concepto, Fecha de Registro. */
export const egresoColumns: DataTableColumn<Egreso>[] = [
  { key: 'fecha', header: 'Fecha', render: (e) => formatDate(e.fecha) },
  { key: 'importe', header: 'Importe', align: 'end', render: (e) => formatMoney(e.importe) },
  { key: 'responsable', header: 'Responsable', render: (e) => e.responsable },
  { key: 'concepto', header: 'Concepto', cardTitle: true, render: (e) => e.catalogo_egreso.concepto },
  {
    key: 'registro',
    header: 'Fecha de Registro',
    hideOnMobile: true,
    render: (e) => formatDateTime(e.created_at),
  },
];
