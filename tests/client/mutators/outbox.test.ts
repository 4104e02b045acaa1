import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { previewPayment, recordPayment } from '../../../client/mutators/record-payment';
import { LocalDb } from '../../../client/store/database';
import { isPaymentEntry } from '../../../client/store/local-types';
import { putScheduleRows, scheduleOf } from '../../../client/store/schedules';
import { cents } from '../../../shared/money';
import { rowById, rowsById } from '../helpers/schedule-rows';
import { clientFixture, freshDb, loanFixture, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const open: LocalDb[] = [];

async function seeded() {
  const db = freshDb();
  open.push(db);
  const { loan, rows } = loanFixture(1);
  await db.loans.put(loan);
  await putScheduleRows(db, rows);
  await db.clients.put(clientFixture(1, { nombre: 'Ana López' }));
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('recording a payment on the device', () => {
  test('the row changes at once and one outbox entry waits, with the phone’s date and a receipt', async () => {
    const db = await seeded();
    const result = await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } },
      ctx,
    );
    expect(result).toEqual({ ok: true, entryId: 1 });
    expect(await rowById(db, 101)).toMatchObject({ pagada: true, fecha_pagada: TODAY, version: 1 });
    const [entry] = await db.outbox.toArray();
    // 'Pagado' on a row that had nothing: a payment of the row's amount, aimed at it, on the phone's date.
    expect(entry).toMatchObject({
      id: 1,
      name: 'payment.record',
      status: 'pending',
      loanId: 1,
      amortizationIds: [101],
      userId: 7,
      clientTime: '2026-11-20T18:00:00.000Z',
      summary: {
        loanReference: 'PR-000001',
        clientName: 'Ana López',
        numeroPago: 1,
        description: 'Pago de $100.00',
        cobrado: 100,
      },
      args: { loanId: 1, amortizationId: 101, amount: 100, fecha: TODAY },
    });
    expect(entry!.args.receiptId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('ids increase by one in the order the edits were made', async () => {
    const db = await seeded();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 102, edit: { parcial: cents(5000) } },
      ctx,
    );
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 103, edit: { pagada: true } }, ctx);
    const entries = await db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => [e.id, isPaymentEntry(e) && e.args.amortizationId])).toEqual([
      [1, 101],
      [2, 102],
      [3, 103],
    ]);
    expect(entries[1]!.summary.description).toBe('Pago de $50.00');
  });

  test('an amount over the abono pays the row and carries the rest, like the server', async () => {
    const db = await seeded();
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(25000) } },
      ctx,
    );
    const rows = await scheduleOf(db, 1).then((rows) =>
      [...rows].sort((a, b) => a.numero_pago - b.numero_pago),
    );
    expect(rows.slice(0, 3).map((r) => [r.pagada, r.parcial])).toEqual([
      [true, 0],
      [true, 0],
      [false, 50],
    ]);
    expect((await db.outbox.get(1))!.amortizationIds).toEqual([101, 102, 103]);
  });

  test.each([
    ['paid', { pagada: true }, 101],
    ['a partial amount', { parcial: cents(5000) }, 101],
    ['an amount that carries to the next rows', { parcial: cents(25000) }, 102],
    ['paid on an earlier date', { pagada: true, fecha_pagada: '2026-11-18' }, 101],
  ] as const)(
    'what the screen shows at the tap (%s) is exactly what the write stores',
    async (_, edit, id) => {
      const db = await seeded();
      const loan = (await db.loans.get(1))!;
      const before = await scheduleOf(db, 1);
      const preview = previewPayment(
        loan,
        before,
        { kind: 'fila', loanId: 1, amortizationId: id, edit },
        TODAY,
      );
      await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: id, edit }, ctx);
      const stored = await rowsById(db, preview.ok ? preview.changed.map((r) => r.id) : []);
      expect(preview.ok && preview.changed.length).toBeGreaterThan(0);
      expect(preview.ok && preview.changed).toEqual(stored);
    },
  );

  test('the preview refuses a locked row with the same words as the write', async () => {
    const db = await seeded();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    const rows = await scheduleOf(db, 1);
    const input = { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(100) } } as const;
    expect(previewPayment((await db.loans.get(1))!, rows, input, TODAY)).toEqual({
      ok: false,
      message: 'Esta amortización ya fue pagada',
    });
  });

  test('a paid row is locked, with the server’s words, and nothing is queued', async () => {
    const db = await seeded();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    const again = await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 101, edit: { parcial: cents(100) } },
      ctx,
    );
    expect(again).toEqual({ ok: false, message: 'Esta amortización ya fue pagada' });
    expect(await db.outbox.count()).toBe(1);
  });

  test('the last payment closes the loan on the device too', async () => {
    const db = await seeded();
    for (let k = 1; k <= 14; k++)
      await recordPayment(
        db,
        { kind: 'fila', loanId: 1, amortizationId: 100 + k, edit: { pagada: true } },
        ctx,
      );
    expect(await db.loans.get(1)).toMatchObject({ pagada: true, vencido: false });
  });

  test('the outbox survives closing and reopening the database', async () => {
    const db = await seeded();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 101, edit: { pagada: true } }, ctx);
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 102, edit: { pagada: true } }, ctx);
    db.close();
    const reopened = new LocalDb(db.name);
    open.push(reopened);
    expect((await reopened.outbox.orderBy('id').toArray()).map((e) => [e.id, e.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
    const next = await recordPayment(
      reopened,
      { kind: 'fila', loanId: 1, amortizationId: 103, edit: { pagada: true } },
      ctx,
    );
    expect(next).toEqual({ ok: true, entryId: 3 });
  });
});
