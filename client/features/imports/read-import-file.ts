// Reads a filled-in import template in the browser (docs/producto.md §2.22): the server never parses a
// spreadsheet. .xlsx through SheetJS 0.20.3 (@e965/xlsx), .csv through papaparse; both are loaded only when a file
// is chosen, so neither weighs on the app's first paint or its offline precache.
import {
  LOAN_COLUMNS,
  LOAN_SHEET,
  normalizeName,
  PAYMENT_COLUMNS,
  PAYMENT_SHEET,
} from '../../../shared/imports/columns';
import { importMessages as m } from '../../../shared/imports/messages';
import type { ImportIssue } from '../../../shared/imports/plan';
import { type ImportLoanRow, MAX_IMPORT_LOANS } from '../../../shared/imports/schemas';

export type Cell = string | number | boolean | Date | null | undefined;

export interface ReadImport {
  rows: ImportLoanRow[];
  /** Problems of the file as a whole (a missing column, a payment of no loan); each row's own come from planImport. */
  issues: ImportIssue[];
}

/** A spreadsheet date (days since 1899-12-30) as 'YYYY-MM-DD'. */
export function serialToIsoDate(serial: number): string {
  const date = new Date(Math.round((serial - 25_569) * 86_400_000));
  return date.toISOString().slice(0, 10);
}

const DATE_KEYS = new Set(['fecha_inicio', 'fecha']);

/** A cell as the text the shared schema reads: dates as 'YYYY-MM-DD', numbers as written, yes/no as 'Sí'/'No'. */
function cellText(cell: Cell, key: string): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'Sí' : 'No';
  if (typeof cell === 'number') return DATE_KEYS.has(key) ? serialToIsoDate(cell) : String(cell);
  return cell.trim();
}

const isBlank = (row: readonly Cell[]) =>
  row.every((c) => c === null || c === undefined || String(c).trim() === '');

interface SheetRecords {
  records: { fila: number; values: Record<string, string> }[];
  missing: string[];
}

/** The header row finds each column (case, accents and spacing aside); rows below it become records. */
function recordsOf(
  aoa: readonly (readonly Cell[])[],
  columns: readonly { key: string; header: string; required: boolean }[],
): SheetRecords {
  const headerIndex = aoa.findIndex((row) => !isBlank(row));
  const header = (aoa[headerIndex] ?? []).map((c) => normalizeName(String(c ?? '')));
  const at = new Map(columns.map((c) => [c.key, header.indexOf(normalizeName(c.header))]));
  const missing = columns.filter((c) => c.required && at.get(c.key) === -1).map((c) => c.header);
  const records: SheetRecords['records'] = [];
  for (let i = headerIndex + 1; i < aoa.length; i++) {
    const row = aoa[i]!;
    if (isBlank(row)) continue;
    const values: Record<string, string> = {};
    for (const c of columns) {
      const index = at.get(c.key)!;
      values[c.key] = index === -1 ? '' : cellText(row[index], c.key);
    }
    records.push({ fila: i + 1, values });
  }
  return { records, missing };
}

/** The rows of 'Préstamos' (and of 'Pagos', when the file has it) as the batch rows the API takes. */
export function importFromSheets(
  loanSheet: readonly (readonly Cell[])[],
  paymentSheet: readonly (readonly Cell[])[] | null,
): ReadImport {
  const loans = recordsOf(loanSheet, LOAN_COLUMNS);
  const payments = paymentSheet ? recordsOf(paymentSheet, PAYMENT_COLUMNS) : { records: [], missing: [] };
  const issues: ImportIssue[] = [];
  if (loans.missing.length > 0)
    issues.push({ hoja: LOAN_SHEET, fila: 1, columna: null, mensaje: m.columnasFaltantes(loans.missing) });
  if (payments.records.length > 0 && payments.missing.length > 0)
    issues.push({
      hoja: PAYMENT_SHEET,
      fila: 1,
      columna: null,
      mensaje: m.columnasFaltantes(payments.missing),
    });
  if (loans.records.length === 0)
    issues.push({ hoja: LOAN_SHEET, fila: 2, columna: null, mensaje: m.archivoVacio });
  if (loans.records.length > MAX_IMPORT_LOANS)
    issues.push({ hoja: LOAN_SHEET, fila: 1, columna: null, mensaje: m.demasiadasFilas(MAX_IMPORT_LOANS) });
  if (issues.length > 0) return { rows: [], issues };

  const rows = loans.records.map(({ fila, values }): ImportLoanRow => ({ ...values, fila, pagos: [] }));
  const byReference = new Map(rows.map((r) => [String(r.referencia), r]));
  for (const { fila, values } of payments.records) {
    const loan = byReference.get(values.referencia ?? '');
    if (!loan) {
      issues.push({ hoja: PAYMENT_SHEET, fila, columna: 'Referencia', mensaje: m.pagoSinPrestamo });
      continue;
    }
    loan.pagos!.push({ fila, fecha: values.fecha, monto: values.monto });
  }
  return { rows, issues };
}

/** Excel's CSV is often Windows-1252: read as UTF-8 first, and again as 1252 when that left replacement marks. */
async function textOf(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

async function readCsv(file: File): Promise<ReadImport> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Cell[]>(await textOf(file), { skipEmptyLines: 'greedy' });
  return importFromSheets(parsed.data, null);
}

async function readWorkbook(file: File): Promise<ReadImport> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', dense: true });
  const sheetNamed = (name: string) => book.SheetNames.find((n) => normalizeName(n) === normalizeName(name));
  const loansName = sheetNamed(LOAN_SHEET) ?? book.SheetNames[0];
  const paymentsName = sheetNamed(PAYMENT_SHEET);
  const aoa = (name: string | undefined) =>
    name
      ? XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[name]!, {
          header: 1,
          raw: true,
          defval: null,
          blankrows: true,
        })
      : null;
  return importFromSheets(aoa(loansName) ?? [], aoa(paymentsName));
}

/** The chosen file's rows, or the reason it cannot be read (never thrown: the page shows it). */
export async function readImportFile(file: File): Promise<ReadImport> {
  try {
    return /\.csv$/i.test(file.name) ? await readCsv(file) : await readWorkbook(file);
  } catch {
    return { rows: [], issues: [{ hoja: LOAN_SHEET, fila: 1, columna: null, mensaje: m.archivoIlegible }] };
  }
}
