// 'Exportar datos' (docs/producto.md §2.13): everything an account's books hold — clients, loans, their schedules,
// the payment ledger, visits, cash counts, weekly sheets and their loans, egresos, inversiones — read in one
// consistent snapshot, as one .xlsx (a 'Resumen' sheet, then one sheet per table) or one JSON file (one array per
// table). Both carry the same rows and fields; money is exact: numbers with the MXN format in the workbook,
// text with two decimals ('1234.50') in the JSON.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { dateInTimeZone, wallClockIn } from '../../shared/dates';
import { pesos } from '../../shared/money';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import { type Sql, withoutTimeout } from '../db/connect';
import { buildMultiSheetWorkbook, rowsSheet, type WorkbookSheet } from '../xlsx/multi-sheet-workbook';
import type { CellKind, CellValue } from '../xlsx/table-workbook';
import {
  cashCountRows,
  clientRows,
  type ExportRow,
  egresoRows,
  inversionRows,
  loanIds,
  loanRows,
  paymentRows,
  scheduleRows,
  sheetLoanRows,
  sheetRows,
  visitRows,
  wholeAccount,
} from './export-queries';
import {
  type AccountExport,
  CASH_COUNTS,
  CLIENTS,
  EGRESOS,
  type ExportTable,
  type FieldKind,
  INVERSIONES,
  LOANS,
  PAYMENTS,
  SCHEDULES,
  SHEET_LOANS,
  SHEETS,
  type TableSpec,
  VISITS,
} from './export-tables';

export type ExportFormat = 'xlsx' | 'json';

/** Loans per page of the tables read by loan: ~14,000 schedule rows. */
const LOAN_PAGE = 1_000;
/** Sheets per page of the sheets' loans (a sheet holds one municipality's active loans). */
const SHEET_PAGE = 20;

function pagesOf<T>(ids: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < ids.length; i += size) pages.push(ids.slice(i, i + size));
  return pages;
}

/** Appends without spreading (a page can hold more rows than a call takes arguments). */
function append(target: ExportRow[], rows: readonly ExportRow[]) {
  for (const row of rows) target.push(row);
}

/** The short receipt number the office reads ('R-3F9A-12C7') beside the receipt's UUID. */
function withReceipt(rows: ExportRow[], from = 'receipt_id', to = 'recibo'): ExportRow[] {
  for (const row of rows) {
    const id = row[from];
    row[to] = typeof id === 'string' ? receiptNumber(id) : null;
  }
  return rows;
}

/**
 * Everything of account `accountId` in one read-only, repeatable-read transaction (every sheet sees the same
 * moment), without the per-statement timeout of requests: a large account's schedule is read in pages of
 * loans, but the whole read takes longer than one statement may. undefined: no such account.
 */
export async function readAccountExport(
  sql: Sql,
  accountId: number,
  timeZone: string,
): Promise<AccountExport | undefined> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    await withoutTimeout(tx);
    const account = await wholeAccount(tx, accountId);
    if (!account) return undefined;
    const [clients, loanIdList, cashCounts, sheets, egresos, inversiones] = await Promise.all([
      clientRows(tx, accountId),
      loanIds(tx, accountId),
      cashCountRows(tx, accountId),
      sheetRows(tx, accountId),
      egresoRows(tx, accountId),
      inversionRows(tx, accountId),
    ]);
    const loans: ExportRow[] = [];
    const schedules: ExportRow[] = [];
    const payments: ExportRow[] = [];
    const visits: ExportRow[] = [];
    for (const page of pagesOf(loanIdList, LOAN_PAGE)) {
      const [l, s, p, v] = await Promise.all([
        loanRows(tx, accountId, page),
        scheduleRows(tx, accountId, page),
        paymentRows(tx, accountId, page),
        visitRows(tx, accountId, page),
      ]);
      append(loans, l);
      append(schedules, s);
      append(payments, p);
      append(visits, v);
    }
    const sheetLoans: ExportRow[] = [];
    for (const page of pagesOf(
      sheets.map((s) => s.id as number),
      SHEET_PAGE,
    ))
      append(sheetLoans, await sheetLoanRows(tx, accountId, page));

    withReceipt(payments);
    withReceipt(payments, 'corrige_recibo_id', 'corrige_recibo');
    const table = (spec: TableSpec, rows: ExportRow[]): ExportTable => ({ ...spec, rows });
    return {
      account: { id: account.id, name: account.name, created_at: account.created_at.toISOString() },
      generatedAt: account.now,
      timeZone,
      tables: [
        table(CLIENTS, clients),
        table(LOANS, loans),
        table(SCHEDULES, schedules),
        table(PAYMENTS, payments),
        table(VISITS, withReceipt(visits)),
        table(CASH_COUNTS, withReceipt(cashCounts)),
        table(SHEETS, sheets),
        table(SHEET_LOANS, sheetLoans),
        table(EGRESOS, egresos),
        table(INVERSIONES, inversiones),
      ],
    };
  });
}

// Building an Intl formatter costs about half a millisecond, formatting with one microseconds: one per zone.

const CELL_KIND: Record<FieldKind, CellKind> = {
  text: 'text',
  int: 'int',
  money: 'money',
  percent: 'percent',
  date: 'date',
  datetime: 'datetime',
  bool: 'text',
  list: 'text',
  json: 'text',
};

function cellValue(kind: FieldKind, value: unknown, timeZone: string): CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'money':
    case 'percent':
      return pesos(String(value));
    case 'datetime':
      return value instanceof Date ? wallClockIn(value, timeZone) : String(value);
    case 'bool':
      return value ? 'Sí' : 'No';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'json':
      return JSON.stringify(value);
    case 'int':
      return typeof value === 'number' ? value : Number(value);
    default:
      return String(value);
  }
}

const formatWallClock = (instant: Date, timeZone: string) => {
  const [date, time] = wallClockIn(instant, timeZone).split(' ');
  const [y, m, d] = date!.split('-');
  return `${d}/${m}/${y} ${time!.slice(0, 5)}`;
};

/** The workbook: 'Resumen' (account, time, rows per sheet and what each holds), then one sheet per table. */
export function exportWorkbook(data: AccountExport): Promise<Buffer> {
  const { timeZone } = data;
  const cover = rowsSheet({
    sheetName: 'Resumen',
    title: 'Exportación de datos',
    lines: [
      `Cuenta: ${data.account.name} (ID ${data.account.id})`,
      `Generado: ${formatWallClock(data.generatedAt, timeZone)} (${timeZone})`,
      'Importes en pesos mexicanos (MXN); fechas y horas en la zona horaria del negocio.',
    ],
    columns: [
      { header: 'Hoja', kind: 'text', width: 20 },
      { header: 'Filas', kind: 'int', width: 10 },
      { header: 'Contenido', kind: 'text', width: 90 },
    ],
    rows: data.tables.map((t) => [t.sheet, t.rows.length, t.description]),
    bordered: true,
  });
  const sheets = data.tables.map(
    (t): WorkbookSheet => ({
      sheetName: t.sheet,
      columns: t.fields.map((c) => ({ header: c.header, kind: CELL_KIND[c.kind], width: c.width })),
      rowCount: t.rows.length,
      row: (i) => t.fields.map((c) => cellValue(c.kind, t.rows[i]![c.key], timeZone)),
    }),
  );
  return buildMultiSheetWorkbook([cover, ...sheets]);
}

function jsonValue(kind: FieldKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'datetime') return value instanceof Date ? value.toISOString() : String(value);
  return value;
}

/** Rows of a table serialized between two turns of the event loop. */
const JSON_ROWS_PER_TURN = 2_000;

/** The JSON file's text, piece by piece: the head, then each table's array a couple of thousand rows at a time. */
async function* jsonPieces(data: AccountExport): AsyncGenerator<string> {
  const head = {
    formato: 'sistema-de-prestamos/exportacion',
    version: 1,
    cuenta: { id: data.account.id, nombre: data.account.name, creada: data.account.created_at },
    generado: data.generatedAt.toISOString(),
    zona_horaria: data.timeZone,
    resumen: data.tables.map((t) => ({
      clave: t.key,
      hoja: t.sheet,
      filas: t.rows.length,
      contenido: t.description,
    })),
  };
  yield JSON.stringify(head).slice(0, -1);
  for (const t of data.tables) {
    let piece = `,${JSON.stringify(t.key)}:[`;
    for (const [i, row] of t.rows.entries()) {
      const out: Record<string, unknown> = {};
      for (const c of t.fields) out[c.key] = jsonValue(c.kind, row[c.key]);
      piece += (i === 0 ? '' : ',') + JSON.stringify(out);
      if ((i + 1) % JSON_ROWS_PER_TURN === 0) {
        yield piece;
        piece = '';
        await nextTurn();
      }
    }
    yield `${piece}]`;
  }
  yield '}';
}

/**
 * The JSON file: the account, the time, the same Resumen, then one array per table with the same fields. A stream,
 * so the text of a large account is never held whole (it travels gzipped: server/app.ts compresses JSON).
 */
export function exportJson(data: AccountExport): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(data);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** 'Créditos del Valle' → 'creditos-del-valle'; nothing left (a name of symbols) → 'cuenta-<id>'. */
export function accountSlug(name: string, id: number): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || `cuenta-${id}`;
}

/** prestamos-<cuenta>-<YYYY-MM-DD>.<xlsx|json>, the date being the business's at the snapshot. */
export const exportFileName = (data: AccountExport, format: ExportFormat) =>
  `prestamos-${accountSlug(data.account.name, data.account.id)}-${dateInTimeZone(data.generatedAt, data.timeZone)}.${format}`;
