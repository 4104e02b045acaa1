import { describe, expect, it } from 'vitest';
import { insertLoan } from '../../../server/loans/create-queries';
import { AppError } from '../../../shared/errors';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import { cents } from '../../../shared/money';
import { expectError } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { rowsOf, TODAY } from '../sync/helpers';
import { loanAudit, loansOfClient, loanTenant, overlapping, paid, saved } from './save-loan-helpers';

const sql = connectTestSql();
const app = testApp(sql);

async function storedLoan(id: number) {
  const [row] = await sql<
    { pagada: boolean; vencido: boolean; closed_at: Date | null; num_pago: number; version: number }[]
  >`select pagada, vencido, closed_at, num_pago, version::int as version from loans where id = ${id}`;
  return row!;
}

async function renovoRows(loanId: number) {
  return sql<{ numero_pago: number; pagada: boolean; renovo: boolean; parcial: string }[]>`
    select numero_pago, pagada, renovo, parcial::text as parcial from amortizations
    where loan_id = ${loanId} order by numero_pago`;
}

describe('POST /api/save-loan: renewal (docs/reglas-del-negocio.md, decision 005)', () => {
  it('settles the open loan, marks its unpaid rows renovo and deducts what the client still owes', async () => {
    const t = await loanTenant(sql, app);
    // 7,000 → 8,400 in 14 × 600; three paid, #4 has 100 paid partially: 500 + 10 × 600 still owed.
    const old = await t.oldLoan(t.clientId, 3, [...paid(3), { parcial: 100 }]);
    const before = await rowsOf(sql, old.id);
    const body = await saved(await t.save(t.body({ monto_credito: 10000, previous_loan_id: old.id })));
    expect(body.data.renewed_loan_id).toBe(old.id);
    expect(body.data.loan).toMatchObject({
      previous_loan_id: old.id,
      monto_credito: 10000,
      monto_entregado: 3500, // 10,000 − 6,500
      monto_con_interes: 12000,
      pagada: false,
      vencido: false,
      num_pago: 0,
    });
    expect(body.data.loan.amortizacion).toHaveLength(14);
    const settled = await storedLoan(old.id);
    expect(settled).toMatchObject({ pagada: true, vencido: false, num_pago: 3 });
    expect(settled.closed_at).not.toBeNull();
    const rows = await renovoRows(old.id);
    expect(rows.map((r) => [r.pagada, r.renovo])).toEqual([
      ...paid(3).map(() => [true, false]),
      ...Array.from({ length: 11 }, () => [false, true]),
    ]);
    expect(rows[3]!.parcial).toBe('100.00'); // what was paid stays recorded

    const audit = await loanAudit(sql, t.accountId);
    const renewed = audit.filter((a) => a.entity === 'amortizations');
    expect(renewed.map((a) => a.entity_id)).toEqual(before.slice(3).map((r) => r.id));
    for (const a of renewed) {
      expect(a).toMatchObject({ action: 'renovacion', user_id: t.userId });
      expect(a.before).toMatchObject({ renovo: false, pagada: false });
      expect(a.after).toMatchObject({ renovo: true, pagada: false });
      expect(a.after!.version as number).toBeGreaterThan(a.before!.version as number);
    }
    expect(renewed[0]!.before).toMatchObject({ parcial: 100 });
    const loans = audit.filter((a) => a.entity === 'loans');
    expect(loans).toEqual([
      expect.objectContaining({
        entity_id: old.id,
        action: 'renovacion',
        before: { pagada: false },
        after: { pagada: true, renewed_by_loan_id: body.data.loan.id },
      }),
      expect.objectContaining({
        entity_id: body.data.loan.id,
        action: 'save-loan',
        after: expect.objectContaining({
          previous_loan_id: old.id,
          saldo_anterior: 6500,
          monto_entregado: 3500,
        }),
      }),
    ]);
  });

  it('renews an overdue (vencido) loan and deducts its whole unpaid debt, not SPEC’s 0', async () => {
    const t = await loanTenant(sql, app);
    // Started 16 weeks ago: ended 2 weeks ago with #11 partly paid (200) and #12–#14 unpaid.
    const old = await t.oldLoan(t.clientId, 16, [...paid(10), { parcial: 200 }]);
    expect(old.vencido).toBe(true);
    const body = await saved(await t.save(t.body({ monto_credito: 5000, previous_loan_id: old.id })));
    expect(body.data.loan.monto_entregado).toBe(2800); // 5,000 − (400 + 3 × 600)
    expect(await storedLoan(old.id)).toMatchObject({ pagada: true, vencido: false });
    expect((await renovoRows(old.id)).filter((r) => r.renovo).map((r) => r.numero_pago)).toEqual([
      11, 12, 13, 14,
    ]);
  });

  it('delivers 0, never less, when the debt exceeds the new amount; previous_loan_id may be omitted', async () => {
    const t = await loanTenant(sql, app);
    const old = await t.oldLoan(t.clientId, 1, paid(1));
    const body = await saved(await t.save(t.body({ monto_credito: 1000 })));
    expect(body.data.renewed_loan_id).toBe(old.id);
    expect(body.data.loan).toMatchObject({ previous_loan_id: old.id, monto_entregado: 0 });
  });

  it('a paid loan is history, not renewed', async () => {
    const t = await loanTenant(sql, app);
    const done = await t.oldLoan(t.clientId, 20, paid(14));
    expect(done.pagada).toBe(true);
    const body = await saved(await t.save(t.body({ previous_loan_id: null })));
    expect(body.data).toMatchObject({
      renewed_loan_id: null,
      loan: { previous_loan_id: null, monto_entregado: 5000 },
    });
  });

  it('a previous_loan_id that is not the client’s open loan is a 409 and changes nothing', async () => {
    const t = await loanTenant(sql, app);
    const done = await t.oldLoan(t.clientId, 20, paid(14));
    // Sent the id of a loan that is no longer open (the client has none now).
    await expectError(await t.save(t.body({ previous_loan_id: done.id })), 409, 'CONFLICT', m.anteriorCambio);
    const open = await t.oldLoan(t.clientId, 2, paid(2));
    const versionBefore = (await storedLoan(open.id)).version;
    // Sent null (the form showed no loan to renew) while there is one; sent another loan's id.
    await expectError(await t.save(t.body({ previous_loan_id: null })), 409, 'CONFLICT', m.anteriorCambio);
    await expectError(await t.save(t.body({ previous_loan_id: done.id })), 409, 'CONFLICT', m.anteriorCambio);
    // A new client has no loan to renew.
    const fresh = { nombre: 'Luis', telefono: '2221234567', municipality_id: t.municipalityId };
    await expectError(
      await t.save(t.body({ client_id: null, new_client: fresh, previous_loan_id: open.id })),
      409,
      'CONFLICT',
      m.anteriorCambio,
    );
    expect(await loansOfClient(sql, t.clientId)).toHaveLength(2);
    expect(await storedLoan(open.id)).toMatchObject({ pagada: false, version: versionBefore });
    expect((await renovoRows(open.id)).some((r) => r.renovo)).toBe(false);
    expect(await loanAudit(sql, t.accountId)).toEqual([]);
  });
});

describe('POST /api/save-loan: concurrent saves for one client', () => {
  it('two renewals of the same loan at once: exactly one succeeds, the other gets the 409', async () => {
    const t = await loanTenant(sql, app);
    const old = await t.oldLoan(t.clientId, 3, paid(3));
    const body = t.body({ monto_credito: 9000, previous_loan_id: old.id });
    const responses = await overlapping(sql, t.accountId, () => [t.save(body), t.save(body)]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    await expectError(loser, 409, 'CONFLICT', m.anteriorCambio);
    const winner = await saved(responses.find((r) => r.status === 201)!);

    const loans = await loansOfClient(sql, t.clientId);
    expect(loans.map((l) => [l.id, l.pagada, l.previous_loan_id])).toEqual([
      [old.id, true, null],
      [winner.data.loan.id, false, old.id],
    ]);
    // Settled once: one audit row per renewed payment row, one for the old loan, one new loan.
    const audit = await loanAudit(sql, t.accountId);
    expect(audit.filter((a) => a.action === 'renovacion' && a.entity === 'amortizations')).toHaveLength(11);
    expect(audit.filter((a) => a.action === 'renovacion' && a.entity === 'loans')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'save-loan')).toHaveLength(1);
  });

  it('two new loans at once for a client without an open loan: one 201, one 409', async () => {
    const t = await loanTenant(sql, app);
    const body = t.body({ previous_loan_id: null });
    const responses = await overlapping(sql, t.accountId, () => [t.save(body), t.save(body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    await expectError(responses.find((r) => r.status === 409)!, 409, 'CONFLICT', m.anteriorCambio);
    expect(await loansOfClient(sql, t.clientId)).toHaveLength(1);
  });

  it('a second open loan refused by the database itself is the same 409, never a 500', async () => {
    const t = await loanTenant(sql, app);
    const open = await t.oldLoan(t.clientId, 1);
    const attempt = sql.begin((tx) =>
      insertLoan(tx, {
        accountId: t.accountId,
        clientId: t.clientId,
        municipalityId: t.municipalityId,
        paymentMethodId: t.paymentMethod.id,
        previousLoanId: null,
        loanReference: 'PR-999999',
        grupo: 1,
        fechaInicio: TODAY,
        fechaFin: TODAY,
        montoCredito: cents(100000),
        montoConInteres: cents(120000),
        montoEntregado: cents(100000),
        interes: 20,
        modalidad: 'SEMANAL',
        abono: cents(10000),
        totalPagos: 12,
        nombreAval: null,
        telefonoAval: null,
        garantias: ['a', 'b'],
        createdBy: t.userId,
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: m.anteriorCambio });
    expect((await loansOfClient(sql, t.clientId)).map((l) => l.id)).toEqual([open.id]);
  });
});
