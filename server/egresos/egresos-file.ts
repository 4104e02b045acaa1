import { dateInTimeZone, formatDate } from '../../shared/dates';
import type { EgresosResponse } from '../../shared/egresos/types';
import { buildTableWorkbook } from '../xlsx/table-workbook';

/** The egresos of a range as .xlsx: one row per egreso and a total. */
export function egresosWorkbook({ data }: EgresosResponse): Buffer {
  return buildTableWorkbook({
    sheetName: 'Egresos',
    title: 'Egresos',
    lines: [`Del ${formatDate(data.fechaInicio)} al ${formatDate(data.fechaFin)}`],
    columns: [
      { header: 'Fecha', kind: 'date', width: 12 },
      { header: 'Importe', kind: 'money', width: 14 },
      { header: 'Responsable', kind: 'text', width: 24 },
      { header: 'Concepto', kind: 'text', width: 26 },
      { header: 'Tipo', kind: 'text', width: 12 },
      { header: 'Fecha de Registro', kind: 'date', width: 16 },
    ],
    rows: data.egresos.map((e) => [
      e.fecha,
      e.importe,
      e.responsable,
      e.catalogo_egreso.concepto,
      e.catalogo_egreso.tipo,
      dateInTimeZone(new Date(e.created_at)),
    ]),
    totals: ['TOTAL', data.total, `${data.egresos.length} egresos`, null, null, null],
  });
}
