import { formatMoney } from '../../../../shared/money';
import type { SummaryFigures } from '../../../../shared/reports/types';
import type { DataTableColumn } from '../../../ui/data-table';
import { DifferenceText } from '../difference-text';

/** The money columns shared by the weekly table and the municipality detail (docs/producto.md §3's row fields). */
export function figureColumns<Row extends SummaryFigures>(): DataTableColumn<Row>[] {
  return [
    { key: 'creditos', header: 'Créditos', align: 'end', render: (r) => r.creditos_entregados },
    {
      key: 'entregado',
      header: 'Monto Entregado',
      align: 'end',
      render: (r) => formatMoney(r.monto_entregado),
    },
    { key: 'cobrado', header: 'Cobrado', align: 'end', render: (r) => formatMoney(r.monto_cobrado) },
    {
      key: 'comision-abonos',
      header: 'Comisión Abonos',
      align: 'end',
      render: (r) => formatMoney(r.monto_comision_abonos),
    },
    {
      key: 'comision-creditos',
      header: 'Comisión Créditos',
      align: 'end',
      render: (r) => formatMoney(r.monto_comision_creditos),
    },
    {
      key: 'diferencia',
      header: 'Diferencia',
      align: 'end',
      render: (r) => <DifferenceText value={r.diferencia} />,
    },
  ];
}
