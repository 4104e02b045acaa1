// A payment recorded and then corrected on a phone before either was sent arrives in one push: the correction
// finds its payment among the push's own events (it answered "No se encontró el pago a corregir").
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../shared/payments/types';
import { dataOf, send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('POST /api/sync/push: a correction of a payment of the same push', () => {
  it('applies both, and the payment stands at the corrected amount', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const paid = randomUUID();
    const at = new Date().toISOString();
    const res = await push(app, t.token, randomUUID(), [
      {
        id: 1,
        name: 'payment.record',
        args: { receiptId: paid, loanId: loan.id, amount: 500, fecha: TODAY },
        clientTime: at,
      },
      {
        id: 2,
        name: 'payment.correct',
        args: { receiptId: randomUUID(), paymentReceiptId: paid, amount: 450, reason: 'Contó mal' },
        clientTime: at,
      },
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const ledger = await dataOf<LedgerEntry[]>(
      await send(app, 'GET', `/api/loans/${loan.id}/payments`, t.token),
    );
    const payment = ledger.find((e) => e.receipt_id === paid)!;
    expect(payment).toMatchObject({ kind: 'pago', amount: 500, vigente: 450 });
  });
});
