import { dateInTimeZone, formatDate } from '../../shared/dates';
import { TIPO_INVERSION_LABELS } from '../../shared/inversiones/schemas';
import type { InversionesResponse } from '../../shared/inversiones/types';
import { buildTableWorkbook } from '../xlsx/table-workbook';

/** The investments of a range as .xlsx; a Retiro's amount is written negative so the column adds up to the net. */
export function inversionesWorkbook({ data }: InversionesResponse): Buffer {
  return buildTableWorkbook({
    sheetName: 'Inversiones',
    title: 'Inversiones',
    lines: [`Del ${formatDate(data.fechaInicio)} al ${formatDate(data.fechaFin)}`],
    columns: [
      { header: 'Fecha', kind: 'date', width: 12 },
      { header: 'Importe', kind: 'money', width: 14 },
      { header: 'Responsable', kind: 'text', width: 24 },
      { header: 'Tipo', kind: 'text', width: 16 },
      { header: 'Descripción', kind: 'text', width: 34 },
      { header: 'Fecha de Registro', kind: 'date', width: 16 },
    ],
    rows: data.inversiones.map((i) => [
      i.fecha,
      i.tipo === 'Retiro' ? -i.importe : i.importe,
      i.responsable,
      TIPO_INVERSION_LABELS[i.tipo],
      i.descripcion,
      dateInTimeZone(new Date(i.created_at)),
    ]),
    totals: ['NETO', data.totals.neto, `${data.inversiones.length} movimientos`, null, null, null],
  });
}
