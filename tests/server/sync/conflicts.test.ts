import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import { SEEDED_ROLES } from '../../../shared/permissions';
import type { SyncConflict } from '../../../shared/sync/types';
import { dataOf, expectError, send } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { push, rowsOf, rowVersion, TODAY, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** A second user of the same account, with the same role. */
async function colleagueOf(t: { accountId: number; roleId: number }) {
  const other = await createTenant(sql);
  await sql`update users set role_id = null where id = ${other.userId}`;
  await sql`update users set account_id = ${t.accountId}, role_id = ${t.roleId} where id = ${other.userId}`;
  return { ...other, token: await loginToken(app, other) };
}

/** `payment.record` as a phone queues it. */
const record = (
  id: number,
  args: { loanId: number; amount: number; fecha?: string; receiptId?: string },
) => ({
  id,
  name: 'payment.record',
  args: { receiptId: randomUUID(), fecha: TODAY, ...args },
  clientTime: new Date().toISOString(),
});

/** `payment.correct` of the payment with receipt `paymentReceiptId`. */
const correct = (
  id: number,
  args: { paymentReceiptId: string; amount: number; reason: string },
  clientTime?: string,
) => ({
  id,
  name: 'payment.correct',
  args: { receiptId: randomUUID(), ...args },
  clientTime: clientTime ?? new Date().toISOString(),
});

describe('conflict policy for money', () => {
  it('two phones’ payments of one row both count, in either order, and are never a conflict', async () => {
    const t = await tenantWithLoans(sql, app);
    const colleague = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    const first = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 200 }),
    ]);
    const second = await push(app, colleague.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 350 }),
      record(2, { loanId: loan.id, amount: 100 }),
    ]);
    expect([...first.results, ...second.results].map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    // 200 + 350 on the row, then 100 to the oldest row owed: the row's last 50 and 50 of the next.
    const rows = await rowsOf(sql, loan.id);
    expect(rows.slice(0, 2).map((r) => [r.pagada, r.parcial])).toEqual([
      [true, '0.00'],
      [false, '50.00'],
    ]);
    expect(await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token))).toEqual([]);
  });

  it('a second correction of one payment by someone else is applied and listed with both values', async () => {
    const t = await tenantWithLoans(sql, app);
    const collector = await colleagueOf(t);
    const loan = await t.addLoan();
    const phone = randomUUID();
    const payment = record(1, { loanId: loan.id, amount: 5000 });
    await push(app, collector.token, phone, [payment]);
    const receipt = payment.args.receiptId;
    // The office corrects the typo to 500; the collector, not having seen it, corrects it to 450.
    const office = await push(app, t.token, randomUUID(), [
      correct(1, { paymentReceiptId: receipt, amount: 500, reason: 'Tecleó un cero de más' }),
    ]);
    expect(office.results).toEqual([{ id: 1, status: 'applied' }]);
    const clientTime = '2026-11-20T15:30:00.000Z';
    const second = await push(app, collector.token, phone, [
      correct(2, { paymentReceiptId: receipt, amount: 450, reason: 'Eran 450' }, clientTime),
    ]);
    expect(second.results).toEqual([{ id: 2, status: 'conflict' }]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('450.00');

    const list = await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token));
    expect(list).toHaveLength(1);
    const conflict = list[0]!;
    expect(conflict).toMatchObject({
      loan_id: loan.id,
      loan_reference: loan.loanReference,
      amortization_id: null,
      numero_pago: null,
      payment_receipt_number: expect.stringMatching(/^R-/),
      server_value: { monto: 500, fecha: TODAY },
      client_value: { monto: 450, motivo: 'Eran 450' },
      applied_value: { monto: 450 },
      server_user: { id: t.userId },
      client_user: { id: collector.userId },
      client_id: phone,
      client_time: clientTime,
      mutation_id: 2,
      reviewed_at: null,
    });
    expect(conflict.server_changed_at).not.toBeNull();

    const reviewed = await dataOf<SyncConflict>(
      await send(app, 'POST', `/api/sync/conflicts/${conflict.id}/review`, t.token),
    );
    expect(reviewed.reviewed_by).toEqual({ id: t.userId, name: expect.any(String) });
    expect(await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token))).toEqual([]);
    const all = await dataOf<SyncConflict[]>(
      await send(app, 'GET', '/api/sync/conflicts?reviewed=all', t.token),
    );
    expect(all.map((c) => c.id)).toEqual([conflict.id]);
  });

  it('a row edit over a correction someone else made since the device looked is listed', async () => {
    const t = await tenantWithLoans(sql, app);
    const collector = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const payment = record(1, { loanId: loan.id, amount: 300 });
    await push(app, collector.token, randomUUID(), [payment]);
    const base = await rowVersion(sql, row);
    await push(app, t.token, randomUUID(), [
      correct(1, { paymentReceiptId: payment.args.receiptId, amount: 200, reason: 'Eran 200' }),
    ]);
    const res = await push(app, collector.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 400 }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'conflict' }]);
    // The device saw 300 and asked for 400: a payment of 100 on top of the corrected 200.
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('300.00');
    const list = await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token));
    expect(list[0]).toMatchObject({ amortization_id: row, numero_pago: 1, server_value: { parcial: 200 } });
  });

  it('a collector corrects only their own payments of the day; the office any', async () => {
    const t = await tenantWithLoans(sql, app);
    const collector = await colleagueOf(t);
    await sql`delete from role_permissions where role_id = ${t.roleId} and permission = 'HOJAS_PROCESAR'`;
    const loan = await t.addLoan();
    const office = record(1, { loanId: loan.id, amount: 100 });
    await push(app, t.token, randomUUID(), [office]);
    const res = await push(app, await loginToken(app, collector), randomUUID(), [
      correct(1, { paymentReceiptId: office.args.receiptId, amount: 0, reason: 'No fue así' }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'rejected', reason: pm.correccionAjena }]);
  });

  it('a device’s own earlier edits are not a conflict, even with an old baseVersion', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    const res = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 100 }),
      update(2, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 300 }),
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('an online payment the device had not seen adds up with the device’s, no conflict', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, { parcial: 50 });
    const res = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 80 }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('130.00');
  });

  it('the list is for office roles, and only the account’s', async () => {
    const collector = await tenantWithLoans(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(await send(app, 'GET', '/api/sync/conflicts', collector.token), 403, 'FORBIDDEN');
    const office = await tenantWithLoans(sql, app);
    expect(await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', office.token))).toEqual(
      [],
    );
    await expectError(
      await send(app, 'POST', '/api/sync/conflicts/999999999/review', office.token),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await send(app, 'GET', '/api/sync/conflicts?reviewed=quizas', office.token),
      400,
      'VALIDATION',
    );
  });
});
