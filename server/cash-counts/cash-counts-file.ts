import type { CashCountsResponse } from '../../shared/cash-counts/types';
import { formatDate } from '../../shared/dates';
import { buildTableWorkbook } from '../xlsx/table-workbook';

/** The cash counts of a range as .xlsx, newest first, with totals. */
export function cashCountsWorkbook({ data }: CashCountsResponse): Buffer {
  return buildTableWorkbook({
    sheetName: 'Cortes',
    title: 'Cortes de caja',
    lines: [`Del ${formatDate(data.fechaInicio)} al ${formatDate(data.fechaFin)}`],
    columns: [
      { header: 'Fecha', kind: 'date', width: 12 },
      { header: 'Cobrador', kind: 'text', width: 24 },
      { header: 'Registrado', kind: 'money', width: 14 },
      { header: 'Contado', kind: 'money', width: 14 },
      { header: 'Diferencia', kind: 'money', width: 14 },
      { header: 'Nota', kind: 'text', width: 30 },
      { header: 'Recibo', kind: 'text', width: 14 },
    ],
    rows: data.cortes.map((c) => [
      c.fecha,
      c.user_name,
      c.registrado,
      c.contado,
      c.diferencia,
      c.nota,
      c.receipt_number,
    ]),
    totals: [
      'TOTAL',
      `${data.cortes.length} cortes`,
      data.totales.registrado,
      data.totales.contado,
      data.totales.diferencia,
      null,
      null,
    ],
  });
}
