// 'Exportar datos' (docs/producto.md §2.13): everything an account's books hold — clients, loans, their schedules,
// the payment ledger, visits, cash counts, weekly sheets and their loans, egresos, inversiones — read in one
// consistent snapshot, as one .xlsx (a 'Resumen' sheet, then one sheet per table) or one JSON file (one array per
// table). Both carry the same rows and fields; money is exact: numbers with the MXN format in the workbook,
// text with two decimals ('1234.50') in the JSON.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { dateInTimeZone } from '../../shared/dates';
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

export type ExportFormat = 'xlsx' | 'json';

/**
 * How a field is written. money and percent: numeric text from PostgreSQL ('1234.50'); date: 'YYYY-MM-DD';
 * datetime: an instant (ISO in the JSON, the business's wall-clock time in the workbook); bool: Sí/No in the
 * workbook; list: an array (comma-separated in the workbook); json: any JSON value (its text in the workbook).
 */
type FieldKind = 'text' | 'int' | 'money' | 'percent' | 'date' | 'datetime' | 'bool' | 'list' | 'json';

interface ExportField {
  /** The JSON key, the row's column name. */
  key: string;
  /** The workbook's column header. */
  header: string;
  kind: FieldKind;
  /** Column width in characters. */
  width: number;
}

interface TableSpec {
  /** The JSON array's name. */
  key: string;
  /** The sheet's name (≤ 31 characters). */
  sheet: string;
  /** What the Resumen says the sheet holds. */
  description: string;
  fields: readonly ExportField[];
}

export interface ExportTable extends TableSpec {
  rows: ExportRow[];
}

export interface AccountExport {
  account: { id: number; name: string; created_at: string };
  /** The snapshot's time (the transaction's now()). */
  generatedAt: Date;
  timeZone: string;
  tables: ExportTable[];
}

const f = (key: string, header: string, kind: FieldKind, width = 12): ExportField => ({
  key,
  header,
  kind,
  width,
});

const receiptFields = [f('receipt_id', 'ID de recibo', 'text', 38), f('recibo', 'Recibo', 'text', 13)];
const deviceFields = [
  f('dispositivo', 'Dispositivo', 'text', 38),
  f('mutation_id', 'Núm. de cambio', 'int', 10),
  f('client_time', 'Hora del teléfono', 'datetime', 17),
  f('created_at', 'Hora del servidor', 'datetime', 17),
];

const CLIENTS: TableSpec = {
  key: 'clientes',
  sheet: 'Clientes',
  description: 'Un renglón por cliente, con su municipio.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('nombre', 'Nombre', 'text', 28),
    f('telefono', 'Teléfono', 'text', 14),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('coordinadora', 'Coordinadora', 'bool', 12),
    f('empleado', 'Empleado', 'bool', 10),
    f('created_at', 'Alta', 'datetime', 17),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

const LOANS: TableSpec = {
  key: 'prestamos',
  sheet: 'Préstamos',
  description: 'Un renglón por préstamo: condiciones, estado y quién lo registró.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('loan_reference', 'Referencia', 'text', 12),
    f('client_id', 'ID cliente', 'int', 9),
    f('cliente', 'Cliente', 'text', 28),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('grupo', 'Grupo', 'int', 7),
    f('modalidad_pago', 'Modalidad', 'text', 11),
    f('fecha_inicio', 'Fecha de inicio', 'date', 12),
    f('fecha_fin', 'Fecha de fin', 'date', 12),
    f('monto_credito', 'Monto crédito', 'money', 14),
    f('monto_con_interes', 'Monto con interés', 'money', 14),
    f('monto_entregado', 'Monto entregado', 'money', 14),
    f('interes', 'Interés', 'percent', 9),
    f('abono', 'Abono', 'money', 12),
    f('total_pagos', 'Total de pagos', 'int', 9),
    f('num_pago', 'Número de pago', 'int', 9),
    f('pagada', 'Pagado', 'bool', 8),
    f('vencido', 'Vencido', 'bool', 8),
    f('previous_loan_id', 'Renueva al préstamo (ID)', 'int', 12),
    f('nombre_aval', 'Aval', 'text', 22),
    f('telefono_aval', 'Teléfono del aval', 'text', 14),
    f('garantias', 'Garantías', 'list', 30),
    f('notas', 'Notas', 'text', 30),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('creado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
    f('closed_at', 'Cerrado', 'datetime', 17),
  ],
};

const SCHEDULES: TableSpec = {
  key: 'calendarios',
  sheet: 'Calendario',
  description:
    'Las filas del calendario de cada préstamo (amortizaciones), con su monto propio y lo que tienen recibido.',
  fields: [
    f('id', 'ID', 'int', 9),
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('numero_pago', 'Número de pago', 'int', 9),
    f('referencia', 'Referencia', 'text', 15),
    f('fecha_pago', 'Fecha de pago', 'date', 12),
    f('monto', 'Monto', 'money', 12),
    f('pagada', 'Pagada', 'bool', 8),
    f('parcial', 'Parcial', 'money', 12),
    f('fecha_pagada', 'Fecha pagada', 'date', 12),
    f('renovo', 'Renovó', 'bool', 8),
    f('updated_by', 'ID de quien actualizó', 'int', 10),
    f('actualizado_por', 'Actualizó', 'text', 20),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

const PAYMENTS: TableSpec = {
  key: 'pagos',
  sheet: 'Pagos',
  description:
    'El libro de pagos: cada pago y cada corrección tal como se registraron (nunca se modifican); en un pago, ' +
    'su monto y fecha vigentes después de su última corrección.',
  fields: [
    f('id', 'ID', 'int', 9),
    ...receiptFields,
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('kind', 'Tipo', 'text', 11),
    f('amount', 'Monto', 'money', 12),
    f('fecha', 'Fecha', 'date', 12),
    f('monto_vigente', 'Monto vigente', 'money', 12),
    f('fecha_vigente', 'Fecha vigente', 'date', 12),
    f('amortization_id', 'Fila apuntada (ID)', 'int', 10),
    f('fila_numero_pago', 'Fila apuntada (número)', 'int', 10),
    f('corrects_id', 'Corrige al pago (ID)', 'int', 10),
    f('corrige_recibo_id', 'Corrige al recibo (ID)', 'text', 38),
    f('corrige_recibo', 'Corrige al recibo', 'text', 13),
    f('reason', 'Motivo', 'text', 30),
    f('payment_method_id', 'ID modalidad', 'int', 9),
    f('modalidad_pago', 'Modalidad', 'text', 11),
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Usuario', 'text', 20),
    ...deviceFields,
    f('origen', 'Origen', 'text', 10),
  ],
};

const VISITS: TableSpec = {
  key: 'visitas',
  sheet: 'Visitas',
  description: 'Visitas sin pago registradas por los cobradores (motivo, promesa y nota).',
  fields: [
    f('id', 'ID', 'int', 9),
    ...receiptFields,
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Usuario', 'text', 20),
    f('motivo', 'Motivo', 'text', 12),
    f('fecha', 'Fecha', 'date', 12),
    f('fecha_promesa', 'Fecha de promesa', 'date', 12),
    f('nota', 'Nota', 'text', 30),
    ...deviceFields,
  ],
};

const CASH_COUNTS: TableSpec = {
  key: 'cortes',
  sheet: 'Cortes',
  description: 'Cortes de caja: lo registrado por el servidor, lo contado y la diferencia.',
  fields: [
    f('id', 'ID', 'int', 8),
    ...receiptFields,
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Cobrador', 'text', 20),
    f('fecha', 'Fecha', 'date', 12),
    f('registrado', 'Registrado', 'money', 13),
    f('contado', 'Contado', 'money', 13),
    f('diferencia', 'Diferencia', 'money', 13),
    f('detalle', 'Detalle por modalidad', 'json', 40),
    f('nota', 'Nota', 'text', 30),
    ...deviceFields,
  ],
};

const SHEETS: TableSpec = {
  key: 'hojas',
  sheet: 'Hojas',
  description: 'Hojas de cobro semanales: semana, municipio, esperado, cobrado y su procesamiento.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('week', 'Semana', 'text', 10),
    f('coverage_week', 'Cobertura desde', 'date', 12),
    f('coverage_week_end', 'Cobertura hasta', 'date', 12),
    f('monto_esperado', 'Esperado', 'money', 13),
    f('monto_cobrado', 'Cobrado', 'money', 13),
    f('processed', 'Procesada', 'bool', 10),
    f('proccessing_date', 'Fecha de procesamiento', 'datetime', 17),
    f('processed_by', 'ID de quien procesó', 'int', 10),
    f('procesada_por', 'Procesó', 'text', 20),
    f('log', 'Bitácora', 'json', 40),
    f('created_by', 'ID de quien generó', 'int', 10),
    f('generada_por', 'Generó', 'text', 20),
    f('created_at', 'Generada', 'datetime', 17),
    f('updated_at', 'Actualizada', 'datetime', 17),
  ],
};

const SHEET_LOANS: TableSpec = {
  key: 'hojas_prestamos',
  sheet: 'Préstamos de hojas',
  description:
    'Los préstamos de cada hoja: lo que la hoja pedía (A COBRAR), el adeudo y lo cobrado en su semana.',
  fields: [
    f('id', 'ID', 'int', 9),
    f('weekly_sheet_id', 'ID hoja', 'int', 8),
    f('week', 'Semana', 'text', 10),
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('client_id', 'ID cliente', 'int', 9),
    f('client_nombre', 'Cliente', 'text', 28),
    f('grupo', 'Grupo', 'int', 7),
    f('orden_ruta', 'Orden de ruta', 'int', 8),
    f('amortization_id', 'Fila de la semana (ID)', 'int', 10),
    f('arrears_amortization_ids', 'Filas atrasadas (ID)', 'list', 16),
    f('monto_esperado', 'A cobrar', 'money', 12),
    f('saldo_a_liquidar', 'Saldo a liquidar', 'money', 13),
    f('adeudo', 'Adeudo', 'money', 12),
    f('cobrado', 'Cobrado', 'money', 12),
    f('cobrado_previo', 'Cobrado previo', 'money', 12),
    f('created_at', 'Alta', 'datetime', 17),
  ],
};

const EGRESOS: TableSpec = {
  key: 'egresos',
  sheet: 'Egresos',
  description: 'Egresos con su concepto del catálogo.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('fecha', 'Fecha', 'date', 12),
    f('importe', 'Importe', 'money', 13),
    f('responsable', 'Responsable', 'text', 22),
    f('catalogo_egreso_id', 'ID concepto', 'int', 9),
    f('identificador', 'Clave', 'text', 12),
    f('concepto', 'Concepto', 'text', 24),
    f('tipo', 'Tipo', 'text', 12),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('registrado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

const INVERSIONES: TableSpec = {
  key: 'inversiones',
  sheet: 'Inversiones',
  description: 'Aportaciones, retiros, capital inicial y reinversiones.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('fecha', 'Fecha', 'date', 12),
    f('importe', 'Importe', 'money', 13),
    f('responsable', 'Responsable', 'text', 22),
    f('tipo', 'Tipo', 'text', 14),
    f('descripcion', 'Descripción', 'text', 30),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('registrado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
  ],
};

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
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The instant as the business's wall-clock time, 'YYYY-MM-DD HH:MM:SS' (a spreadsheet has no time zones). */
function wallClock(instant: Date, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format.format(instant);
}

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
      return value instanceof Date ? wallClock(value, timeZone) : String(value);
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
  const [date, time] = wallClock(instant, timeZone).split(' ');
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
