import { describe, expect, inject, test } from 'vitest';
import { recomputeAccounts } from '../../../server/loans/daily-recompute';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, createTenant } from '../helpers/test-db';

const sql = connectTestSql();

/** A loan of 2020 in an account of its own, with its derived fields stored as of its first week. */
async function loanFromLongAgo() {
  const { accountId } = await createTenant(sql);
  const municipalityId = await createMunicipality(sql, accountId);
  const clientId = await createClient(sql, accountId, municipalityId);
  const paymentMethod = await createPaymentMethod(sql, accountId);
  const loan = await createLoan(sql, {
    accountId,
    clientId,
    municipalityId,
    paymentMethod,
    montoCredito: 1000,
    fechaInicio: '2020-01-06',
    today: '2020-01-14',
  });
  return { accountId, loan };
}

describe('recálculo diario', () => {
  test('marca vencido un préstamo cuya fecha fin ya pasó aunque nadie lo haya editado', async () => {
    const { accountId, loan } = await loanFromLongAgo();
    expect(loan.vencido).toBe(false);

    // Other files share this database: recompute only this test's account, as the hourly job does for each.
    expect(await recomputeAccounts(sql, '2026-11-22', [accountId])).toBe(1);
    const [after] = await sql<{ vencido: boolean; num_pago: number }[]>`select vencido, num_pago from loans
      where id = ${loan.id}`;
    expect(after).toEqual({ vencido: true, num_pago: loan.totalPagos });
  });

  test('takes the account lock before the loans, as a payment does, so the two never deadlock', async () => {
    const { accountId, loan } = await loanFromLongAgo();
    // A payment's order: the account's version row, then the loan's rows. The recompute starts while the
    // payment holds the first lock and before it takes the second.
    const payment = sql.begin(async (tx) => {
      await tx`select sync_next_version(${accountId})`;
      if (!inject('embedded')) {
        const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
        const recompute = recomputeAccounts(sql, '2026-11-22', [accountId]);
        await waitUntilBlockedBy(pid);
        await tx`select id from loans where id = ${loan.id} for update`;
        // Wrapped, so the transaction commits without waiting for the recompute queued behind it.
        return { recompute };
      }
      return null;
    });
    const blocked = await payment;
    // On the embedded database (one connection) nothing can overlap: the recompute simply runs after.
    const changed = blocked
      ? await blocked.recompute
      : await recomputeAccounts(sql, '2026-11-22', [accountId]);
    expect(changed).toBe(1);
  });
});

/** Until another session waits on a lock held by `pid` (the recompute queued behind the payment). */
async function waitUntilBlockedBy(pid: number) {
  for (let i = 0; i < 400; i++) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
      where ${pid} = any(pg_blocking_pids(pid))`;
    if (row!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('el recálculo no quedó esperando al pago');
}
