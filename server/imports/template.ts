// The import template (GET /api/imports/template): the sheets the browser reads back, each with its header in
// row 1 and one example row, and a sheet that explains each column with this account's towns and modalities.
import {
  HELP_SHEET,
  type ImportColumn,
  LOAN_COLUMNS,
  LOAN_SHEET,
  PAYMENT_COLUMNS,
  PAYMENT_SHEET,
} from '../../shared/imports/columns';
import type { Municipality } from '../../shared/municipalities/types';
import type { PaymentMethod } from '../../shared/payment-methods/types';
import { buildMultiSheetWorkbook, rowsSheet } from '../xlsx/multi-sheet-workbook';
import type { CellKind, CellValue } from '../xlsx/table-workbook';

const MONEY = new Set(['monto_credito', 'pagado', 'monto']);
const DATES = new Set(['fecha_inicio', 'fecha']);

const kindOf = (key: string): CellKind => (MONEY.has(key) ? 'money' : DATES.has(key) ? 'date' : 'text');

function exampleSheet(
  sheetName: string,
  columns: readonly ImportColumn[],
  example: Record<string, CellValue>,
) {
  return rowsSheet({
    sheetName,
    columns: columns.map((c) => ({ header: c.header, kind: kindOf(c.key), width: c.width })),
    rows: [columns.map((c) => example[c.key] ?? c.example)],
  });
}

export function importTemplate(towns: readonly Municipality[], methods: readonly PaymentMethod[]) {
  // The example names a town and a modality of the account, so the row reads as one that would import.
  const example = {
    municipio: towns[0]?.name ?? 'San Miguel',
    modalidad:
      methods.find((x) => x.modalidad_pago === 'SEMANAL')?.modalidad_pago ??
      methods[0]?.modalidad_pago ??
      'SEMANAL',
  };
  const help = (sheet: string, columns: readonly ImportColumn[]) =>
    columns.map((c): CellValue[] => [sheet, c.header, c.required ? 'Sí' : 'No', c.help]);
  const helpRows: CellValue[][] = [
    [
      LOAN_SHEET,
      '',
      '',
      'Un préstamo por fila. Reemplace o borre la fila de ejemplo. Se importan préstamos en curso y sus clientes.',
    ],
    ...help(LOAN_SHEET, LOAN_COLUMNS),
    [
      PAYMENT_SHEET,
      '',
      '',
      'Opcional: los pagos recibidos hasta hoy, uno por fila, con su fecha. Un préstamo con filas aquí toma lo pagado de ellas.',
    ],
    ...help(PAYMENT_SHEET, PAYMENT_COLUMNS),
    ['', '', '', ''],
    [
      'Municipios de la cuenta',
      '',
      '',
      towns.map((t) => t.name).join(', ') || '(ninguno: créelos en Municipios)',
    ],
    ['Modalidades de la cuenta', '', '', methods.map((x) => x.modalidad_pago).join(', ')],
  ];
  return buildMultiSheetWorkbook([
    exampleSheet(LOAN_SHEET, LOAN_COLUMNS, example),
    exampleSheet(PAYMENT_SHEET, PAYMENT_COLUMNS, {}),
    rowsSheet({
      sheetName: HELP_SHEET,
      bordered: true,
      columns: [
        { header: 'Hoja', kind: 'text', width: 22 },
        { header: 'Columna', kind: 'text', width: 20 },
        { header: 'Obligatoria', kind: 'text', width: 12 },
        { header: 'Qué escribir', kind: 'text', width: 90 },
      ],
      rows: helpRows,
    }),
  ]);
}
