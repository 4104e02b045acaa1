// 'Exportar datos' (issue 30): an account's books as one .xlsx and one JSON file, read back and compared with what
// the API says of the same data, to the centavo; another account's rows never in it; only CUENTAS_GESTIONAR.
import { randomUUID } from 'node:crypto';
import XLSX from 'sheetjs-style';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATETIME_FORMAT, MONEY_FORMAT } from '../../../server/xlsx/table-workbook';
import { accountMessages as am } from '../../../shared/accounts/messages';
import type { Account } from '../../../shared/accounts/types';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import { businessToday } from '../../../shared/dates';
import type { Loan } from '../../../shared/loans/types';
import { mensajes } from '../../../shared/messages';
import { toCents } from '../../../shared/money';
import type { LedgerEntry } from '../../../shared/payments/types';
import { receiptNumber } from '../../../shared/receipts/receipt-number';
import type { GenerateSheetResponse, SheetLoan, WeeklySheet } from '../../../shared/sheets/types';
import { allBut, dataOf, expectError, send, signIn } from '../helpers/catalog';
import { cashCount, visit } from '../helpers/collector';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const SHEETS = [
  'Resumen',
  'Clientes',
  'Préstamos',
  'Calendario',
  'Pagos',
  'Visitas',
  'Cortes',
  'Hojas',
  'Préstamos de hojas',
  'Egresos',
  'Inversiones',
];
const KEYS = [
  'clientes',
  'prestamos',
  'calendarios',
  'pagos',
  'visitas',
  'cortes',
  'hojas',
  'hojas_prestamos',
  'egresos',
  'inversiones',
] as const;

type Row = Record<string, unknown>;
type ExportJson = {
  cuenta: { id: number; nombre: string };
  generado: string;
  resumen: { clave: string; hoja: string; filas: number }[];
} & Record<(typeof KEYS)[number], Row[]>;

const cents = (value: unknown) => toCents(value as number | string)!;
const sum = (values: unknown[]) => values.reduce<number>((total, v) => total + cents(v), 0);

/** An account with one of everything: a client and loan, two payments and a correction, a visit, a corte, a
 * sheet, an egreso and an inversión. */
async function accountWithBooks(nombre: string) {
  const t = await tenantWithLoans(sql, app);
  const loan = await t.addLoan({ nombre });
  const device = randomUUID();
  const first = randomUUID();
  const second = randomUUID();
  const at = new Date().toISOString();
  const payment = (id: number, receiptId: string, amount: number) => ({
    id,
    name: 'payment.record',
    args: { receiptId, loanId: loan.id, amount, fecha: TODAY },
    clientTime: at,
  });
  const correction = {
    id: 3,
    name: 'payment.correct',
    args: { receiptId: randomUUID(), paymentReceiptId: second, amount: 200.25, reason: 'Contó mal' },
    clientTime: at,
  };
  const visita = visit(4, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA' });
  const corte = cashCount(5, { fecha: TODAY, contado: '533.58', nota: 'cuadra' });
  const { results } = await push(app, t.token, device, [
    payment(1, first, 333.33),
    payment(2, second, 250.5),
    correction,
    visita,
    corte,
  ]);
  expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
  const sheet = await dataOf<GenerateSheetResponse['data']>(
    await send(app, 'POST', '/api/hoja-de-cobro', t.token, { municipalityId: t.municipalityId }),
    201,
  );
  const [concept] = await sql<
    { id: number }[]
  >`insert into catalogo_egresos (account_id, identificador, concepto, tipo)
    values (${t.accountId}, 'GASOLINA', 'Gasolina', 'OPERACION') returning id`;
  await dataOf(
    await send(app, 'POST', '/api/guardar-egreso', t.token, {
      fecha: TODAY,
      importe: 150.75,
      responsable: 'Oficina',
      id_catalogo: concept!.id,
    }),
    201,
  );
  await dataOf(
    await send(app, 'POST', '/api/guardar-inversion', t.token, {
      fecha: TODAY,
      importe: 10000.1,
      responsable: 'Dueña',
      tipo: 'Aportacion',
      descripcion: 'Capital de la semana',
    }),
    201,
  );
  return { ...t, loan, device, first, second, phoneTime: at, sheetId: sheet.id };
}

async function download(token: string, accountId: number, formato: 'xlsx' | 'json') {
  const res = await send(app, 'GET', `/api/accounts/${accountId}/export?formato=${formato}`, token);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  return res;
}

const readBook = async (res: Response) =>
  XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer', cellNF: true });

/** A data sheet's rows keyed by header (row 1 is the header). */
const rowsOf = (book: XLSX.WorkBook, name: string) =>
  XLSX.utils.sheet_to_json<Row>(book.Sheets[name]!, { defval: null });

/** The cell under header `header` in data row `index` (0-based) of sheet `name`. */
function cellAt(book: XLSX.WorkBook, name: string, header: string, index = 0): XLSX.CellObject {
  const sheet = book.Sheets[name]!;
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  for (let c = range.s.c; c <= range.e.c; c++) {
    if (sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v === header)
      return sheet[XLSX.utils.encode_cell({ r: index + 1, c })] as XLSX.CellObject;
  }
  throw new Error(`${name}: no hay columna ${header}`);
}

/** Every text and number of every sheet, to look for what must not be there. */
const everyValue = (book: XLSX.WorkBook) =>
  book.SheetNames.flatMap((name) =>
    Object.entries(book.Sheets[name]!)
      .filter(([ref]) => !ref.startsWith('!'))
      .map(([, cell]) => (cell as XLSX.CellObject).v),
  );

describe('GET /api/accounts/:id/export', () => {
  it('the workbook has each table of the account, with its money equal to the API’s to the centavo', async () => {
    const t = await accountWithBooks('Rosa Exportada');
    const other = await accountWithBooks('Cliente Ajeno');

    const res = await download(t.token, t.accountId, 'xlsx');
    expect(res.headers.get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const [account] = await sql<{ name: string }[]>`select name from accounts where id = ${t.accountId}`;
    const slug = account!.name.toLowerCase().replace(/ /g, '-');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="prestamos-${slug}-${businessToday('America/Mexico_City')}.xlsx"`,
    );
    const book = await readBook(res);
    expect(book.SheetNames).toEqual(SHEETS);

    // Resumen: the account, the time, and each sheet's row count.
    const cover = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Resumen!, { header: 1, defval: null });
    expect(cover[0]![0]).toBe('Exportación de datos');
    expect(cover[1]![0]).toBe(`Cuenta: ${account!.name} (ID ${t.accountId})`);
    expect(cover[2]![0]).toMatch(/^Generado: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(America\/Mexico_City\)$/);
    const counts = Object.fromEntries(
      cover.slice(cover.findIndex((r) => r[0] === 'Hoja') + 1).map((r) => [r[0], r[1]]),
    );
    expect(counts).toEqual({
      Clientes: 1,
      Préstamos: 1,
      Calendario: 14,
      Pagos: 3,
      Visitas: 1,
      Cortes: 1,
      Hojas: 1,
      'Préstamos de hojas': 1,
      Egresos: 1,
      Inversiones: 1,
    });
    for (const name of SHEETS.slice(1)) expect(rowsOf(book, name), name).toHaveLength(counts[name] as number);

    // The loan and its schedule, as GET /api/loans/:id reports them.
    const apiLoan = await dataOf<Loan>(await send(app, 'GET', `/api/loans/${t.loan.id}`, t.token));
    const [loan] = rowsOf(book, 'Préstamos');
    expect(loan).toMatchObject({
      ID: t.loan.id,
      Referencia: apiLoan.loan_reference,
      Cliente: 'Rosa Exportada',
      Municipio: 'Atlixco',
      'Monto crédito': apiLoan.monto_credito,
      'Monto con interés': apiLoan.monto_con_interes,
      'Monto entregado': apiLoan.monto_entregado,
      Abono: apiLoan.abono,
      Interés: apiLoan.interes,
      'Total de pagos': apiLoan.total_pagos,
      Pagado: 'No',
      Garantías: 'Televisión, Refrigerador',
    });
    expect(cellAt(book, 'Préstamos', 'Monto crédito').z).toBe(MONEY_FORMAT);
    expect(cellAt(book, 'Préstamos', 'Fecha de inicio').z).toBe(DATE_FORMAT);
    expect(cellAt(book, 'Préstamos', 'Alta').z).toBe(DATETIME_FORMAT);
    const schedule = rowsOf(book, 'Calendario');
    expect(schedule.map((r) => [r.ID, r['Número de pago'], r.Monto, r.Parcial, r.Pagada])).toEqual(
      apiLoan.amortizacion.map((a) => [a.id, a.numero_pago, a.monto, a.parcial, a.pagada ? 'Sí' : 'No']),
    );
    expect(sum(schedule.map((r) => r.Monto))).toBe(cents(apiLoan.monto_con_interes));
    expect(cellAt(book, 'Calendario', 'Fecha de pago').w).toBe(
      apiLoan.amortizacion[0]!.fecha_pago.split('-').reverse().join('/'),
    );

    // The ledger: two payments and a correction, with who, device and why; what the payments stand at adds up to
    // what the loan received, by the ledger's API and by its rows.
    const ledger = await dataOf<LedgerEntry[]>(
      await send(app, 'GET', `/api/loans/${t.loan.id}/payments`, t.token),
    );
    const events = rowsOf(book, 'Pagos');
    expect(events.map((e) => [e.ID, e.Tipo, e.Monto, e['Monto vigente']])).toEqual(
      ledger.map((e) => [e.id, e.kind, e.amount, e.vigente]),
    );
    expect(events.map((e) => e.Monto)).toEqual([333.33, 250.5, 200.25]);
    const received = sum(events.filter((e) => e.Tipo === 'pago').map((e) => e['Monto vigente']));
    expect(received).toBe(sum(ledger.map((e) => e.vigente ?? 0)));
    expect(received).toBe(sum(apiLoan.amortizacion.map((a) => (a.pagada ? a.monto : a.parcial))));
    expect(received).toBe(53358);
    expect(events[2]).toMatchObject({
      Recibo: receiptNumber(ledger[2]!.receipt_id),
      'Corrige al pago (ID)': ledger[1]!.id,
      'Corrige al recibo': receiptNumber(t.second),
      'Corrige al recibo (ID)': t.second,
      Motivo: 'Contó mal',
      Origen: 'telefono',
      Dispositivo: t.device,
      'ID usuario': t.userId,
      'Núm. de cambio': 3,
    });
    expect(events[0]).toMatchObject({
      'ID de recibo': t.first,
      Modalidad: 'SEMANAL',
      'Fecha vigente': expect.any(Number),
    });
    // Times as the business's wall clock (a spreadsheet has no time zones).
    const phone = cellAt(book, 'Pagos', 'Hora del teléfono', 2);
    expect(phone.z).toBe(DATETIME_FORMAT);
    expect(phone.w).toBe(
      new Intl.DateTimeFormat('es-MX', {
        timeZone: 'America/Mexico_City',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(new Date(t.phoneTime))
        .replace(',', ''),
    );
    expect(cellAt(book, 'Pagos', 'Hora del servidor', 2).z).toBe(DATETIME_FORMAT);
    expect(cellAt(book, 'Pagos', 'Monto vigente', 1).z).toBe(MONEY_FORMAT);

    expect(rowsOf(book, 'Visitas')[0]).toMatchObject({ 'ID préstamo': t.loan.id, Motivo: 'NO_ESTABA' });
    const cortes = await dataOf<CashCountsResponse['data']>(
      await send(app, 'GET', `/api/cortes?fechaInicio=${TODAY}&fechaFin=${TODAY}`, t.token),
    );
    expect(rowsOf(book, 'Cortes')[0]).toMatchObject({
      Registrado: cortes.cortes[0]!.registrado,
      Contado: 533.58,
      Diferencia: cortes.cortes[0]!.diferencia,
      Recibo: cortes.cortes[0]!.receipt_number,
      Nota: 'cuadra',
    });
    const apiSheet = await dataOf<WeeklySheet>(
      await send(app, 'GET', `/api/weekly-sheets/${t.sheetId}`, t.token),
    );
    expect(rowsOf(book, 'Hojas')[0]).toMatchObject({
      ID: t.sheetId,
      Esperado: apiSheet.monto_esperado,
      Cobrado: apiSheet.monto_cobrado,
      Procesada: 'No',
    });
    const [apiSheetLoan] = await dataOf<SheetLoan[]>(
      await send(app, 'GET', `/api/loans-weekly-sheets?weeklySheetId=${t.sheetId}`, t.token),
    );
    expect(rowsOf(book, 'Préstamos de hojas')[0]).toMatchObject({
      'ID hoja': t.sheetId,
      'ID préstamo': t.loan.id,
      'A cobrar': apiSheetLoan!.monto_esperado,
      Adeudo: apiSheetLoan!.adeudo,
      Cobrado: apiSheetLoan!.cobrado,
      'Saldo a liquidar': apiSheetLoan!.saldo_a_liquidar,
    });
    expect(rowsOf(book, 'Egresos')[0]).toMatchObject({
      Importe: 150.75,
      Concepto: 'Gasolina',
      Tipo: 'OPERACION',
    });
    expect(rowsOf(book, 'Inversiones')[0]).toMatchObject({ Importe: 10000.1, Tipo: 'Aportacion' });
    expect(cellAt(book, 'Inversiones', 'Importe').w).toBe('$10,000.10');

    // Nothing of the other account: not its client, its loan, its payments' receipts or its device.
    const values = everyValue(book);
    for (const foreign of ['Cliente Ajeno', other.first, other.second, other.device])
      expect(values).not.toContain(foreign);
    expect(rowsOf(book, 'Calendario').every((r) => r['ID préstamo'] === t.loan.id)).toBe(true);

    // And the other account's own file (an administrator of every account may take it) holds only its books.
    const theirs = await readBook(await download(t.token, other.accountId, 'xlsx'));
    expect(rowsOf(theirs, 'Clientes').map((c) => c.Nombre)).toEqual(['Cliente Ajeno']);
    expect(rowsOf(theirs, 'Pagos').map((p) => p['ID de recibo'])).toEqual(
      expect.arrayContaining([other.first, other.second]),
    );
    expect(everyValue(theirs)).not.toContain('Rosa Exportada');
  });

  it('the JSON file holds the same rows, money as text with two decimals', async () => {
    const t = await accountWithBooks('Rosa JSON');
    const res = await download(t.token, t.accountId, 'json');
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="prestamos-cuenta-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = (await res.json()) as ExportJson;
    expect(body.cuenta.id).toBe(t.accountId);
    expect(Number.isNaN(Date.parse(body.generado))).toBe(false);
    expect(body.resumen.map((r) => r.clave)).toEqual(KEYS);
    const book = await readBook(await download(t.token, t.accountId, 'xlsx'));
    for (const [i, key] of KEYS.entries()) {
      const rows = body[key]!;
      expect(body.resumen[i]!.filas).toBe(rows.length);
      // The same rows, in the same order, as the workbook's sheet.
      expect(rows.map((r) => r.id)).toEqual(rowsOf(book, SHEETS[i + 1]!).map((r) => r.ID));
    }
    const [loan] = body.prestamos;
    expect(loan).toMatchObject({
      id: t.loan.id,
      monto_credito: '7000.00',
      interes: '20.00',
      garantias: ['Televisión', 'Refrigerador'],
      pagada: false,
    });
    expect(body.pagos.map((p) => [p.kind, p.amount, p.monto_vigente])).toEqual([
      ['pago', '333.33', '333.33'],
      ['pago', '250.50', '200.25'],
      ['correccion', '200.25', null],
    ]);
    expect(body.pagos[2]).toMatchObject({
      corrects_id: body.pagos[1]!.id,
      corrige_recibo: receiptNumber(t.second),
      corrige_recibo_id: t.second,
      reason: 'Contó mal',
      dispositivo: t.device,
      origen: 'telefono',
    });
    expect(body.pagos[2]!.client_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Every amount is exact text, and adds up to the workbook's figures.
    const money = /^-?\d+\.\d{2}$/;
    for (const row of body.calendarios) {
      expect(row.monto).toMatch(money);
      expect(row.parcial).toMatch(money);
    }
    expect(sum(body.calendarios.map((r) => r.monto))).toBe(
      sum(rowsOf(book, 'Calendario').map((r) => r.Monto)),
    );
    expect(body.egresos[0]).toMatchObject({ importe: '150.75', fecha: TODAY });
    expect(body.inversiones[0]).toMatchObject({ importe: '10000.10' });
    expect(body.cortes[0]).toMatchObject({ contado: '533.58' });
  });

  it('an account without books exports its empty tables', async () => {
    const root = await signIn(sql, app);
    const empty = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, {
        name: `Sin Datos Ñandú ${randomUUID().slice(0, 6)}`,
      }),
      201,
    );
    const res = await download(root.token, empty.id, 'xlsx');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /filename="prestamos-sin-datos-nandu-[0-9a-f]{6}-/,
    );
    const book = await readBook(res);
    expect(book.SheetNames).toEqual(SHEETS);
    for (const name of SHEETS.slice(1)) expect(rowsOf(book, name)).toEqual([]);
    const body = (await (await download(root.token, empty.id, 'json')).json()) as ExportJson;
    expect(body.resumen.every((r) => r.filas === 0)).toBe(true);
  });

  it('only for CUENTAS_GESTIONAR: an administrator of one account is refused its own and another', async () => {
    const admin = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const other = await signIn(sql, app);
    for (const id of [admin.accountId, other.accountId])
      await expectError(
        await send(app, 'GET', `/api/accounts/${id}/export?formato=xlsx`, admin.token),
        403,
        'FORBIDDEN',
        mensajes.sinPermiso,
      );
    await expectError(
      await send(app, 'GET', `/api/accounts/${admin.accountId}/export`),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('an account that does not exist is 404; a format other than xlsx or json is 400; never a 500', async () => {
    const root = await signIn(sql, app);
    await expectError(
      await send(app, 'GET', '/api/accounts/999999999999/export?formato=json', root.token),
      404,
      'NOT_FOUND',
      am.noEncontrada,
    );
    await expectError(await send(app, 'GET', '/api/accounts/abc/export', root.token), 404, 'NOT_FOUND');
    for (const query of [
      'formato=pdf',
      'formato=',
      'formato=XLSX',
      'formato=xlsx&formato=json',
      'formato=%00',
    ])
      await expectError(
        await send(app, 'GET', `/api/accounts/${root.accountId}/export?${query}`, root.token),
        400,
        'VALIDATION',
        am.formatoExportacion,
      );
    // Without a format: the workbook.
    const res = await download(root.token, root.accountId, 'xlsx');
    const plain = await send(app, 'GET', `/api/accounts/${root.accountId}/export`, root.token);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Content-Type')).toBe(res.headers.get('Content-Type'));
    for (const path of [
      `/api/accounts/${root.accountId}/export?formato=${'x'.repeat(5000)}`,
      `/api/accounts/${root.accountId}/export?formato[]=xlsx`,
      `/api/accounts/${'9'.repeat(15)}/export`,
      `/api/accounts/0/export`,
    ]) {
      const answer = await send(app, 'GET', path, root.token);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});
