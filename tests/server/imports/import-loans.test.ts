// POST /api/imports/loans and GET /api/imports/template (docs/producto.md §2.22): a batch of a filled-in template
// becomes the same loans, schedules and ledger the form and the phones make; a batch sent twice creates nothing twice.
import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { activeUsers } from '../../../server/auth/active-users';
import { addDays } from '../../../shared/dates';
import { LOAN_COLUMNS, LOAN_SHEET, PAYMENT_SHEET } from '../../../shared/imports/columns';
import { importMessages as m } from '../../../shared/imports/messages';
import type { ImportBatchResult, ImportLoanRow } from '../../../shared/imports/schemas';
import type { Loan } from '../../../shared/loans/types';
import { mensajes } from '../../../shared/messages';
import type { LedgerEntry } from '../../../shared/payments/types';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { dataOf, expectError, send } from '../helpers/catalog';
import { createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { addWeeks, GUARANTEES, loanTenant, saved } from '../loans/save-loan-helpers';
import { TODAY } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

let seq = 0;
/** A row as the browser sends it: the file's text. SEMANAL, 5,000 → 6,000 with interest, 14 abonos of 429. */
const row = (patch: Partial<ImportLoanRow> = {}): ImportLoanRow => {
  seq += 1;
  return {
    fila: seq + 1,
    referencia: `L-${process.pid}-${seq}`,
    clave_cliente: '',
    nombre: `Cliente importado ${seq}`,
    telefono: `55 1234 ${String(1000 + seq).slice(-4)}`,
    municipio: 'atlixco',
    coordinadora: 'No',
    empleado: '',
    modalidad: 'Semanal',
    monto_credito: '5,000',
    fecha_inicio: addWeeks(TODAY, -5),
    grupo: '',
    nombre_aval: '',
    telefono_aval: '',
    garantias: GUARANTEES.join('; '),
    pagado: '',
    pagos: [],
    ...patch,
  };
};

async function importBatch(token: string, loans: ImportLoanRow[]) {
  return send(app, 'POST', '/api/imports/loans', token, { loans });
}

const loanByRef = async (accountId: number, ref: string) => {
  const [l] = await sql<
    { id: number }[]
  >`select id from loans where account_id = ${accountId} and import_ref = ${ref}`;
  return l!.id;
};

const counts = async (accountId: number) => {
  const [c] = await sql<{ loans: number; clients: number; payments: number; rows: number }[]>`select
    (select count(*)::int from loans where account_id = ${accountId}) as loans,
    (select count(*)::int from clients where account_id = ${accountId}) as clients,
    (select count(*)::int from payments where account_id = ${accountId}) as payments,
    (select count(*)::int from amortizations where account_id = ${accountId}) as rows`;
  return c!;
};

describe('POST /api/imports/loans', () => {
  it('makes the loan the form makes, with its payments to date as imported events, once', async () => {
    const t = await loanTenant(sql, app);
    const bySchedule = row({ pagado: '1,287' }); // three abonos of 429
    const withDates = row({
      clave_cliente: 'C-9',
      pagos: [
        { fila: 2, fecha: addWeeks(TODAY, -4), monto: '429' },
        { fila: 3, fecha: addWeeks(TODAY, -2), monto: '500.50' },
      ],
    });
    const before = await counts(t.accountId);
    const res = await importBatch(t.token, [bySchedule, withDates]);
    const result = await dataOf<ImportBatchResult>(res);
    expect(result).toEqual({ creados: 2, existentes: 0, clientes_nuevos: 2, pagos: 5 });

    // The same figures and schedule as a loan saved on the form with the same amount and date.
    const formLoan = (
      await saved(await t.save(t.body({ fecha_inicio: bySchedule.fecha_inicio, monto_credito: 5000 })))
    ).data.loan;
    const id = await loanByRef(t.accountId, bySchedule.referencia!);
    const imported = await dataOf<Loan>(await send(app, 'GET', `/api/loans/${id}`, t.token));
    for (const field of [
      'monto_credito',
      'monto_con_interes',
      'monto_entregado',
      'abono',
      'total_pagos',
      'interes',
      'fecha_fin',
      'num_pago',
    ] as const)
      expect(imported[field], field).toEqual(formLoan[field]);
    expect(imported.garantias).toEqual(GUARANTEES);
    expect(imported.amortizacion.map((r) => [r.fecha_pago, r.monto])).toEqual(
      formLoan.amortizacion.map((r) => [r.fecha_pago, r.monto]),
    );
    expect(imported.amortizacion.slice(0, 4).map((r) => [r.pagada, r.parcial])).toEqual([
      [true, 0],
      [true, 0],
      [true, 0],
      [false, 0],
    ]);

    // Dated by the schedule, marked as imported, counted in no one's corte.
    const ledger = await dataOf<LedgerEntry[]>(await send(app, 'GET', `/api/loans/${id}/payments`, t.token));
    expect(ledger.map((e) => [e.fecha, e.amount, e.origen, e.user])).toEqual(
      [1, 2, 3].map((k) => [addWeeks(bySchedule.fecha_inicio!, k), 429, 'importacion', null]),
    );
    const dated = await loanByRef(t.accountId, withDates.referencia!);
    const datedLedger = await dataOf<LedgerEntry[]>(
      await send(app, 'GET', `/api/loans/${dated}/payments`, t.token),
    );
    expect(datedLedger.map((e) => [e.fecha, e.amount])).toEqual([
      [addWeeks(TODAY, -4), 429],
      [addWeeks(TODAY, -2), 500.5],
    ]);

    // Sent again (a retried batch, the same file twice): nothing is created twice.
    const after = await counts(t.accountId);
    expect(after.loans - before.loans).toBe(3); // two imported, one saved on the form
    const again = await dataOf<ImportBatchResult>(await importBatch(t.token, [bySchedule, withDates]));
    expect(again).toEqual({ creados: 0, existentes: 2, clientes_nuevos: 0, pagos: 0 });
    expect(await counts(t.accountId)).toEqual(after);
  });

  it('refuses a batch with a bad row, names its sheet, row and column, and writes nothing', async () => {
    const t = await loanTenant(sql, app);
    const before = await counts(t.accountId);
    const good = row();
    const bad = row({ fila: 7, monto_credito: 'cinco mil' });
    const res = await importBatch(t.token, [good, bad]);
    const body = await expectError(res, 400, 'VALIDATION');
    expect(body.error).toBe(`${LOAN_SHEET}, fila 7, Monto crédito: Debe ingresar un monto de crédito válido`);
    expect(await counts(t.accountId)).toEqual(before);

    const overpaid = row({ fila: 4, pagado: '9000' });
    const over = await expectError(await importBatch(t.token, [overpaid]), 400, 'VALIDATION');
    expect(over.error).toBe(`${LOAN_SHEET}, fila 4, Pagado a la fecha: ${m.pagadoExcede(9000, 6000)}`);
    const future = row({ pagos: [{ fila: 9, fecha: addDays(TODAY, 1), monto: '100' }] });
    const late = await expectError(await importBatch(t.token, [future]), 400, 'VALIDATION');
    expect(late.error).toBe(`${PAYMENT_SHEET}, fila 9, Fecha: ${m.pagoFuturo}`);
    expect(await counts(t.accountId)).toEqual(before);
  });

  it('a client with a loan still open is refused; a town the user does not have does not exist for them', async () => {
    const t = await loanTenant(sql, app);
    const first = row({ clave_cliente: 'C-1' });
    await dataOf(await importBatch(t.token, [first]));
    const second = row({ clave_cliente: 'C-1', fila: 12 });
    const body = await expectError(await importBatch(t.token, [second]), 400, 'VALIDATION');
    expect(body.error).toMatch(
      /^Préstamos, fila 12, Clave del cliente: El cliente ya tiene un préstamo activo en el sistema \(PR-\d{6}\)/,
    );

    // Limited to Atlixco, the user cannot import into Cholula, though the account has it.
    await createMunicipality(sql, t.accountId, { name: 'Cholula' });
    await sql`update users set todos_municipios = false where id = ${t.userId}`;
    await sql`insert into user_municipalities (user_id, municipality_id) values (${t.userId}, ${t.municipalityId})`;
    activeUsers(sql).forget(t.userId); // as the Usuarios screen's save does
    const outside = row({ municipio: 'Cholula', fila: 3 });
    const refused = await expectError(await importBatch(t.token, [outside]), 400, 'VALIDATION');
    expect(refused.error).toBe(`Préstamos, fila 3, Municipio: ${m.municipioNoExiste}`);
  });

  it('needs both permissions to create clients and loans; a collector is refused', async () => {
    const t = await loanTenant(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(await importBatch(t.token, [row()]), 403, 'FORBIDDEN', mensajes.sinPermiso);
    await expectError(await send(app, 'GET', '/api/imports/template', t.token), 403, 'FORBIDDEN');
    await expectError(
      await send(app, 'POST', '/api/imports/loans', t.token, { loans: [] }),
      403,
      'FORBIDDEN',
    );
  });

  it('an empty or malformed batch gets a Spanish 400', async () => {
    const t = await loanTenant(sql, app);
    await expectError(
      await send(app, 'POST', '/api/imports/loans', t.token, { loans: [] }),
      400,
      'VALIDATION',
      m.archivoVacio,
    );
    const junk = await expectError(
      await send(app, 'POST', '/api/imports/loans', t.token, { loans: [{ fila: 'x' }] }),
      400,
      'VALIDATION',
    );
    expect(junk.error).toMatch(/^Préstamos, fila 2, /);
  });
});

describe('GET /api/imports/template', () => {
  it('is a workbook with the columns the browser reads, an example row and the account towns', async () => {
    const t = await loanTenant(sql, app);
    const res = await send(app, 'GET', '/api/imports/template', t.token);
    expect(res.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual([LOAN_SHEET, PAYMENT_SHEET, 'Instrucciones']);
    const [header, example] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[LOAN_SHEET]!, { header: 1 });
    expect(header).toEqual(LOAN_COLUMNS.map((c) => c.header));
    expect(example).toContain('Atlixco');
    const help = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Instrucciones!, { header: 1 }).flat();
    expect(help).toContain('Atlixco');
  });
});
