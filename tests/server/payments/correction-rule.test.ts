// The rule 'Corregir' is shown by (shared/payments/correction-rule.ts) and the server's refusal agree: for each
// person, the predicate on the ledger the loan detail reads says yes exactly when the push applies the correction.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { mayCorrectPayment } from '../../../shared/payments/correction-rule';
import { paymentMessages as m } from '../../../shared/payments/messages';
import type { LedgerEntry } from '../../../shared/payments/types';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { dataOf, send } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** A collector of the office's account: every permission but HOJAS_PROCESAR. */
async function collectorOf(t: { accountId: number }) {
  const user = await createTenant(sql, { permissions: [] });
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${t.accountId}, ${`COBRADOR ${user.userId}`}) returning id`;
  for (const permission of ALL_PERMISSIONS.filter((p) => p !== 'HOJAS_PROCESAR'))
    await sql`insert into role_permissions (role_id, permission) values (${role!.id}, ${permission})`;
  await sql`update users set role_id = null where id = ${user.userId}`;
  await sql`update users set account_id = ${t.accountId}, role_id = ${role!.id} where id = ${user.userId}`;
  return { userId: user.userId, token: await loginToken(app, user), correctsAll: false };
}

const paymentOf = async (token: string, loanId: number, receiptId: string) =>
  (await dataOf<LedgerEntry[]>(await send(app, 'GET', `/api/loans/${loanId}/payments`, token))).find(
    (e) => e.receipt_id === receiptId,
  )!;

/** What the predicate says for `who` on the payment as the ledger lists it, and what the server does. */
async function judge(
  who: { userId: number; token: string; correctsAll: boolean },
  loanId: number,
  paymentReceiptId: string,
) {
  const payment = await paymentOf(who.token, loanId, paymentReceiptId);
  const allowed = mayCorrectPayment(who, { userId: payment.user?.id ?? null, fecha: payment.fecha }, TODAY);
  const res = await push(app, who.token, randomUUID(), [
    {
      id: 1,
      name: 'payment.correct',
      args: { receiptId: randomUUID(), paymentReceiptId, amount: 90, reason: 'Contó mal' },
      clientTime: new Date().toISOString(),
    },
  ]);
  return { allowed, result: res.results[0] };
}

const recordBy = async (who: { token: string }, loanId: number, fecha: string) => {
  const receiptId = randomUUID();
  const res = await push(app, who.token, randomUUID(), [
    {
      id: 1,
      name: 'payment.record',
      args: { receiptId, loanId, amount: 100, fecha },
      clientTime: new Date().toISOString(),
    },
  ]);
  expect(res.results[0]).toMatchObject({ status: 'applied' });
  return receiptId;
};

describe('who may correct a payment: the shared rule and the server agree', () => {
  it('the collector corrects their own payment of today; another collector is refused', async () => {
    const t = await tenantWithLoans(sql, app);
    const ana = await collectorOf(t);
    const beto = await collectorOf(t);
    const loan = await t.addLoan();
    const receipt = await recordBy(ana, loan.id, TODAY);

    expect(await judge(beto, loan.id, receipt)).toEqual({
      allowed: false,
      result: { id: 1, status: 'rejected', reason: m.correccionAjena },
    });
    expect(await judge(ana, loan.id, receipt)).toEqual({
      allowed: true,
      result: { id: 1, status: 'applied' },
    });
  });

  it('a payment of an earlier day: refused to its collector, allowed to HOJAS_PROCESAR', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = { userId: t.userId, token: t.token, correctsAll: true };
    const ana = await collectorOf(t);
    const loan = await t.addLoan();
    const receipt = await recordBy(ana, loan.id, addDays(TODAY, -1));

    expect(await judge(ana, loan.id, receipt)).toEqual({
      allowed: false,
      result: { id: 1, status: 'rejected', reason: m.correccionAjena },
    });
    expect(await judge(office, loan.id, receipt)).toEqual({
      allowed: true,
      result: { id: 1, status: 'applied' },
    });
  });
});
