import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import type { LocalDb } from '../../../client/store/database';
import { getMeta } from '../../../client/store/meta';
import { isQuotaError } from '../../../client/store/quota';
import { SyncError, syncOnce } from '../../../client/sync/run';
import { syncTexts } from '../../../client/sync/texts';
import { cents } from '../../../shared/money';
import { rowById } from '../helpers/schedule-rows';
import {
  answerAll,
  clientFixture,
  freshDb,
  loanFixture,
  page,
  scriptedTransport,
  TODAY,
} from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const open: LocalDb[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of open.splice(0)) db.close();
});

describe('a full device during a sync', () => {
  test('recognises the browser quota error, bare or wrapped', () => {
    expect(isQuotaError(new DOMException('lleno', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('otra cosa'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  test('stops with a Spanish message, rolls the page back with its cursor and keeps every outbox entry', async () => {
    const db = freshDb();
    open.push(db);
    const first = loanFixture(1);
    const second = loanFixture(2, { client_id: 2 });
    const pages = [
      page('c1', { loans: [first.loan], amortizations: first.rows, clients: [clientFixture(1)] }),
      page('c2', { loans: [second.loan], amortizations: second.rows, clients: [clientFixture(2)] }),
    ];
    let served = 0;
    const { transport } = scriptedTransport({ push: answerAll('applied'), pull: () => pages[served++]! });
    await syncOnce(db, transport, { today: () => TODAY });

    // A payment on the phone, then a sync whose new rows no longer fit.
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 105, edit: { parcial: cents(10000) } },
      ctx,
    );
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 106, edit: { parcial: cents(5000) } },
      ctx,
    );
    const outboxBefore = await db.outbox.orderBy('id').toArray();
    const full = vi
      .spyOn(db.schedules, 'bulkPut')
      .mockRejectedValue(new DOMException('sin espacio', 'QuotaExceededError'));
    const failed = syncOnce(db, transport, { today: () => TODAY });
    await expect(failed).rejects.toBeInstanceOf(SyncError);
    await expect(failed).rejects.toThrow(syncTexts.sinEspacio);

    expect(await getMeta(db, 'cursor')).toBe('c1');
    expect(await db.loans.get(2)).toBeUndefined();
    const outboxAfter = await db.outbox.orderBy('id').toArray();
    expect(outboxAfter.map((e) => [e.id, e.name])).toEqual(outboxBefore.map((e) => [e.id, e.name]));
    // The phone still shows its payment.
    expect((await rowById(db, 105))?.pagada).toBe(true);
    expect((await rowById(db, 106))?.parcial).toBe(50);

    // Space again: the same page is asked for and stored.
    full.mockRestore();
    served = 1;
    await syncOnce(db, transport, { today: () => TODAY });
    expect(await getMeta(db, 'cursor')).toBe('c2');
    expect(await db.loans.get(2)).toBeDefined();
  });
});
