import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncMessages as m } from '../../../shared/payments/messages';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, rowsOf, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('mutation.cancelled (issue 12: Deshacer)', () => {
  it('keeps the id moving and changes nothing; a replay of an id already applied says it was applied', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const device = randomUUID();
    const payment = update(1, {
      loanId: loan.id,
      amortizationId: loan.amortizationIds[0]!,
      baseVersion: 0,
      pagada: true,
    });
    const undone = { id: 2, name: 'mutation.cancelled', args: { receiptId: randomUUID() }, clientTime: null };
    const after = update(3, {
      loanId: loan.id,
      amortizationId: loan.amortizationIds[1]!,
      baseVersion: 0,
      parcial: 10,
    });
    expect(await push(app, t.token, device, [payment, undone, after])).toEqual({
      lastMutationId: 3,
      results: [
        { id: 1, status: 'applied' },
        { id: 2, status: 'skipped', reason: m.canceladoEnTelefono },
        { id: 3, status: 'applied' },
      ],
    });
    // The phone undid #1 after sending it (its answer was lost): the cancel of #1 is a replay of the payment.
    const late = await push(app, t.token, device, [{ ...undone, id: 1 }]);
    expect(late.results).toEqual([{ id: 1, status: 'skipped', outcome: 'applied' }]);
    const rows = await rowsOf(sql, loan.id);
    expect(rows.slice(0, 2).map((r) => [r.pagada, r.parcial])).toEqual([
      [true, '0.00'],
      [false, '10.00'],
    ]);
  });
});
