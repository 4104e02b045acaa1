// Decision 021: the ledger's events are kept per loan, in buckets of loans, like schedules. A phone that stored
// them a record each (schema 9) keeps every one when it updates, and pages and tombstones reach them by loan.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { LocalDb } from '../../../client/store/database';
import type { LocalPayment, OutboxEntry } from '../../../client/store/local-types';
import { paymentsOfLoans } from '../../../client/store/payment-events';
import { applyPullPage } from '../../../client/sync/apply-pull';
import { legacyStore } from '../helpers/legacy-store';
import { page, TODAY } from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const event = (id: number, loanId: number, amount = 100): LocalPayment => ({
  id,
  receipt_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  loan_id: loanId,
  kind: 'pago',
  amount,
  fecha: TODAY,
  amortization_id: null,
  corrects_id: null,
  user_id: 7,
  version: id,
});

const queued: OutboxEntry = {
  id: 1,
  name: 'payment.record',
  args: { receiptId: '00000000-0000-4000-8000-0000000000aa', loanId: 1, amount: 50, fecha: TODAY },
  clientTime: '2026-11-20T18:00:00.000Z',
  status: 'pending',
  summary: {
    loanReference: 'PR-000001',
    clientName: 'Cliente 1',
    numeroPago: 3,
    description: 'Pago',
    cobrado: 50,
  },
  loanId: 1,
  amortizationIds: [],
  userId: 7,
};

test('an update moves each stored event to its loan, and leaves the outbox and the cursor as they were', async () => {
  const name = `legacy-v9-${Date.now()}`;
  const legacy = legacyStore(name, 9);
  try {
    // Loan 200 falls in another bucket of loans than 1 and 2.
    await legacy.table('payments').bulkPut([event(3, 2), event(1, 1), event(2, 1), event(4, 200)]);
    await legacy.table('outbox').put(queued);
    await legacy.table('meta').put({ key: 'cursor', value: 'c1' });
  } finally {
    legacy.close();
  }
  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(11);
  expect(db.tables.map((t) => t.name)).not.toContain('payments');
  expect((await paymentsOfLoans(db, [1])).map((p) => p.id)).toEqual([1, 2]);
  expect((await paymentsOfLoans(db, [200, 2])).map((p) => p.id)).toEqual([4, 3]);
  expect(await db.outbox.toArray()).toEqual([queued]);
  expect(await db.meta.get('cursor')).toEqual({ key: 'cursor', value: 'c1' });
});

test('pages put events into their loans, an event sent again replaces itself, and tombstones remove them', async () => {
  const db = new LocalDb(`payment-buckets-${Date.now()}`);
  open.push(db);
  await applyPullPage(db, page('c1', { payments: [event(1, 1), event(2, 2), event(3, 1)] }), TODAY);
  await applyPullPage(db, page('c2', { payments: [event(3, 1, 80), event(4, 130)] }), TODAY);
  expect((await paymentsOfLoans(db, [1, 2, 130])).map((p) => [p.id, p.amount])).toEqual([
    [1, 100],
    [3, 80],
    [2, 100],
    [4, 100],
  ]);
  await applyPullPage(
    db,
    page(
      'c3',
      {},
      {
        tombstones: [
          { entity: 'payments', id: 1 },
          { entity: 'payments', id: 2 },
        ],
      },
    ),
    TODAY,
  );
  expect((await paymentsOfLoans(db, [1, 2, 130])).map((p) => p.id)).toEqual([3, 4]);
  // A loan left with no events keeps no record.
  expect(await db.payments.get(2)).toBeUndefined();
  expect(await paymentsOfLoans(db, [])).toEqual([]);
});
