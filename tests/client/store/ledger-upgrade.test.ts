// Decision 021: a phone that updates the app (schema 8 → 9) with row edits still queued by the previous version
// keeps every one of them. Its rows get their amount due from their loan before any download, the queued
// `amortization.update` entries travel as they were (the server turns them into payment events), and from then
// on the device asks for the payment events too.
import 'fake-indexeddb/auto';
import type { Dexie } from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { cardModel } from '../../../client/features/cobranza/cobranza-model';
import { BUCKET_SIZES } from '../../../client/store/bucket-sizes';
import { LocalDb } from '../../../client/store/database';
import { devicePayments } from '../../../client/store/device-payments';
import type { OutboxEntry, ShadowRow } from '../../../client/store/local-types';
import { scheduleOf } from '../../../client/store/schedules';
import { syncOnce } from '../../../client/sync/run';
import type { Amortization } from '../../../shared/loans/types';
import { legacyStore } from '../helpers/legacy-store';
import {
  answerAll,
  clientFixture,
  loanFixture,
  page,
  scriptedTransport,
  TODAY,
} from '../helpers/sync-fixtures';

const open: Dexie[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A row as the previous version stored it: no amount of its own. */
const withoutMonto = ({ monto: _m, ...row }: Amortization) => row;

test('rows get their amount due, the queued row edits are kept and delivered once, events are asked for', async () => {
  const { loan, rows } = loanFixture(1);
  const paidOnPhone = rows.map((r) => (r.id <= 102 ? { ...r, pagada: true, fecha_pagada: TODAY } : r));
  const entry = (id: number, amortizationId: number): OutboxEntry => ({
    id,
    name: 'amortization.update',
    args: {
      receiptId: `00000000-0000-4000-8000-00000000000${id}`,
      loanId: 1,
      amortizationId,
      baseVersion: 1,
      pagada: true,
      fecha_pagada: TODAY,
    },
    clientTime: '2026-11-20T18:00:00.000Z',
    status: 'pending',
    summary: {
      loanReference: loan.loan_reference,
      clientName: 'Cliente 1',
      numeroPago: id,
      description: 'Pagado',
      cobrado: 100,
    },
    loanId: 1,
    amortizationIds: [amortizationId],
    userId: 7,
  });
  const shadows: ShadowRow[] = rows
    .filter((r) => r.id <= 102)
    .map((r) => ({ entity: 'amortizations', id: r.id, loanId: 1, row: withoutMonto(r) as Amortization }));
  const name = `legacy-v8-${Date.now()}`;
  const legacy = legacyStore(name, 8);
  try {
    await legacy.table('loan_buckets').put({ key: Math.floor(1 / BUCKET_SIZES.loans), rows: [loan] });
    await legacy.table('loan_tops').put({ key: 0, n: 1, top: loan.created_at });
    await legacy.table('client_buckets').put({ key: 0, rows: [clientFixture(1)] });
    await legacy.table('schedule_buckets').put({
      key: Math.floor(1 / BUCKET_SIZES.schedules),
      rows: [{ loan_id: 1, rows: paidOnPhone.map(withoutMonto) }],
    });
    await legacy.table('outbox').bulkPut([entry(1, 101), entry(2, 102)]);
    await legacy.table('shadows').bulkPut(shadows);
    await legacy.table('meta').bulkPut([
      { key: 'cursor', value: 'c1' },
      { key: 'nextMutationId', value: 3 },
      { key: 'clientId', value: '6c299157-e386-43fc-8cad-7cff52326a7b' },
    ]);
  } finally {
    legacy.close();
  }

  const db = new LocalDb(name);
  open.push(db);
  expect(db.verno).toBe(11);
  // Every row — the shown ones and the server copies kept aside — has its amount, from the loan.
  const shown = await scheduleOf(db, 1);
  expect(shown.map((r) => r.monto)).toEqual(rows.map(() => 100));
  expect(shown.filter((r) => r.pagada).map((r) => r.id)).toEqual([101, 102]);
  for (const s of await db.shadows.toArray()) expect(s.row).toMatchObject({ monto: 100 });
  // The queue is as it was, and the week's card reads the queued money without a download.
  expect(await db.outbox.toArray()).toEqual([entry(1, 101), entry(2, 102)]);
  const payments = devicePayments([], await db.outbox.toArray()).get(1) ?? [];
  expect(payments.map((p) => [p.amount, p.synced])).toEqual([
    [10000, false],
    [10000, false],
  ]);
  const card = cardModel(
    {
      loanId: 1,
      reference: loan.loan_reference,
      grupo: 1,
      clientName: 'Cliente 1',
      telefono: null,
      loan,
      rows: shown,
      payments,
      sheet: null,
      visits: [],
      pendingSync: true,
    },
    { start: TODAY, end: TODAY },
    TODAY,
  );
  expect(card.saldo).toBe(1200);

  // The next sync: both edits go out as queued, once; the pull asks for the payment events.
  const requests: unknown[] = [];
  const { transport, pushes } = scriptedTransport({
    push: answerAll('applied'),
    pull: () => page('c2', {}, { lastMutationId: 2 }),
  });
  const pull = transport.pull;
  transport.pull = (request) => {
    requests.push(request);
    return pull(request);
  };
  await syncOnce(db, transport, { today: () => TODAY });
  expect(pushes.flatMap((p) => p.mutations.map((m) => [m.id, m.name]))).toEqual([
    [1, 'amortization.update'],
    [2, 'amortization.update'],
  ]);
  expect(requests).toEqual([expect.objectContaining({ pagos: true })]);
  expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['synced', 'synced']);
});
