// A receipt id is unique within its account (sql/019). Globally unique, an id another account had already
// used would make this account's payment, visit or count answer as a replay and vanish (and would tell that
// account the id existed).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashCount, visit } from '../helpers/collector';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, rowVersion, TODAY, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('receipt ids per account', () => {
  it("an id another account used still records this account's payment, visit and count", async () => {
    const a = await tenantWithLoans(sql, app);
    const b = await tenantWithLoans(sql, app);
    const [loanA, loanB] = [await a.addLoan(), await b.addLoan()];
    const ids = { payment: randomUUID(), visit: randomUUID(), count: randomUUID() };
    const mutations = async (loan: typeof loanA) => [
      update(1, {
        loanId: loan.id,
        amortizationId: loan.amortizationIds[0]!,
        baseVersion: await rowVersion(sql, loan.amortizationIds[0]!),
        pagada: true,
        receiptId: ids.payment,
      }),
      {
        ...visit(2, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA' }),
        args: { receiptId: ids.visit, loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA' },
      },
      {
        ...cashCount(3, { fecha: TODAY, contado: 10 }),
        args: { receiptId: ids.count, fecha: TODAY, contado: 10 },
      },
    ];
    const first = await push(app, a.token, randomUUID(), await mutations(loanA));
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const second = await push(app, b.token, randomUUID(), await mutations(loanB));
    expect(second.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);

    const [row] = await sql<
      { pagada: boolean }[]
    >`select pagada from amortizations where id = ${loanB.amortizationIds[0]!}`;
    expect(row!.pagada).toBe(true);
    const [counts] = await sql<{ visits: number; counts: number }[]>`select
      (select count(*)::int from visits where account_id = ${b.accountId} and receipt_id = ${ids.visit}) as visits,
      (select count(*)::int from cash_counts where account_id = ${b.accountId} and receipt_id = ${ids.count}) as counts`;
    expect(counts).toEqual({ visits: 1, counts: 1 });
    // Within one account the id still means "already recorded".
    const replay = await push(app, b.token, randomUUID(), await mutations(loanB));
    expect(replay.results.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
  });
});
