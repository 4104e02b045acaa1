import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { cancelPendingEntry } from '../../../client/mutators/cancel-entry';
import { recordCashCount, recordedOnPhone } from '../../../client/mutators/record-cash-count';
import { recordPayment } from '../../../client/mutators/record-payment';
import { recordVisit } from '../../../client/mutators/record-visit';
import type { LocalDb } from '../../../client/store/database';
import { scheduleOf } from '../../../client/store/schedules';
import { syncOnce } from '../../../client/sync/run';
import { cashCountMessages as cm } from '../../../shared/cash-counts/messages';
import { cents } from '../../../shared/money';
import { visitMessages as vm } from '../../../shared/visits/messages';
import { rowById } from '../helpers/schedule-rows';
import { answerAll, page, scriptedTransport, syncedOneLoanDb, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const open: LocalDb[] = [];

async function synced() {
  const db = await syncedOneLoanDb();
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('a visit without payment on the phone', () => {
  test('queues visit.create in the same outbox, after the payments, without touching the rows', async () => {
    const db = await synced();
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 105, edit: { parcial: cents(4000) } },
      ctx,
    );
    const before = await scheduleOf(db, 1);
    const result = await recordVisit(
      db,
      1,
      { motivo: 'PROMESA', fecha_promesa: '2026-11-23', nota: null },
      ctx,
    );
    expect(result).toMatchObject({ ok: true, entryId: 2 });
    expect(await scheduleOf(db, 1)).toEqual(before);
    const visit = await db.outbox.get(2);
    expect(visit).toMatchObject({
      name: 'visit.create',
      status: 'pending',
      loanId: 1,
      args: { loanId: 1, fecha: TODAY, motivo: 'PROMESA', fecha_promesa: '2026-11-23', nota: null },
      summary: {
        loanReference: 'PR-000001',
        clientName: 'Ana López',
        description: 'Visita sin pago: Promesa de pago',
      },
    });

    const { transport, pushes } = scriptedTransport({ push: answerAll('applied'), pull: () => page('c2') });
    await syncOnce(db, transport, { today: () => TODAY });
    expect(pushes[0]!.mutations.map((m) => [m.id, m.name])).toEqual([
      [1, 'payment.record'],
      [2, 'visit.create'],
    ]);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['synced', 'synced']);
  });

  test('a promise without its date queues nothing and says why, on its field', async () => {
    const db = await synced();
    expect(await recordVisit(db, 1, { motivo: 'PROMESA', fecha_promesa: null, nota: null }, ctx)).toEqual({
      ok: false,
      message: vm.fechaPromesaRequerida,
      field: 'fecha_promesa',
    });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the day’s cash count', () => {
  test('what the phone expects is the money its user’s payments of the day took in', async () => {
    const db = await synced();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 105, edit: { pagada: true } }, ctx);
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 106, edit: { parcial: cents(4050) } },
      ctx,
    );
    // Another user's entry on this phone and yesterday's do not count.
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 107, edit: { pagada: true } },
      { ...ctx, userId: 8 },
    );
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 108, edit: { pagada: true } },
      { ...ctx, today: '2026-11-19', now: new Date('2026-11-19T18:00:00Z') },
    );
    const entries = await db.outbox.toArray();
    expect(recordedOnPhone(entries, 7, TODAY, { modalidadOf: () => 'SEMANAL' })).toEqual({
      pagos: 2,
      cobrado: 14050,
      porModalidad: [{ modalidad_pago: 'SEMANAL', pagos: 2, monto: 14050 }],
    });
  });

  test('queues cash_count.create with the counted pesos; a bad count says why and queues nothing', async () => {
    const db = await synced();
    expect(await recordCashCount(db, { contado: 'abc' }, ctx)).toMatchObject({ ok: false, field: 'contado' });
    expect(await recordCashCount(db, { contado: '' }, ctx)).toMatchObject({
      ok: false,
      message: cm.contadoRequerido,
    });
    expect(await db.outbox.count()).toBe(0);
    const ok = await recordCashCount(db, { contado: '1250.50', nota: ' faltan 5 ' }, ctx);
    expect(ok).toMatchObject({ ok: true, entryId: 1 });
    expect(await db.outbox.get(1)).toMatchObject({
      name: 'cash_count.create',
      args: { fecha: TODAY, contado: 1250.5, nota: 'faltan 5' },
      summary: { loanReference: 'Corte de caja', description: 'Contado $1,250.50' },
    });
  });
});

describe('Deshacer', () => {
  test('an entry not yet sent is undone: the row goes back, the id still travels as a no-op', async () => {
    const db = await synced();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 105, edit: { pagada: true } }, ctx);
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId: 106, edit: { parcial: cents(3000) } },
      ctx,
    );
    expect(await cancelPendingEntry(db, 1, TODAY)).toBe('cancelled');
    // The other edit stays, replayed on the server's rows.
    expect(await rowById(db, 105)).toMatchObject({ pagada: false });
    expect(await rowById(db, 106)).toMatchObject({ parcial: 30 });
    expect(recordedOnPhone(await db.outbox.toArray(), 7, TODAY).cobrado).toBe(3000);
    expect(await cancelPendingEntry(db, 1, TODAY)).toBe('already-sent');

    const { transport, pushes } = scriptedTransport({
      push: (_req) => ({
        lastMutationId: 2,
        results: [
          { id: 1, status: 'skipped', reason: 'Deshecho en el teléfono antes de enviarse' },
          { id: 2, status: 'applied' },
        ],
      }),
      pull: () => page('c2'),
    });
    await syncOnce(db, transport, { today: () => TODAY });
    expect(pushes[0]!.mutations.map((m) => [m.id, m.name])).toEqual([
      [1, 'mutation.cancelled'],
      [2, 'payment.record'],
    ]);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['synced', 'synced']);
    expect(await cancelPendingEntry(db, 2, TODAY)).toBe('already-sent');
  });

  test('undone while its push was already on the way: the answer says it stands', async () => {
    const db = await synced();
    await recordPayment(db, { kind: 'fila', loanId: 1, amortizationId: 105, edit: { pagada: true } }, ctx);
    const { transport } = scriptedTransport({
      push: async (req) => {
        // The tap on 'Deshacer' lands while this push is out.
        await cancelPendingEntry(db, 1, TODAY);
        return {
          lastMutationId: 1,
          results: req.mutations.map((m) => ({ id: m.id, status: 'applied' as const })),
        };
      },
      pull: () => page('c2'),
    });
    await syncOnce(db, transport, { today: () => TODAY });
    expect(await db.outbox.get(1)).toMatchObject({
      status: 'synced',
      outcome: 'applied',
      reason: 'No se pudo deshacer: el servidor ya lo había recibido',
    });
  });
});
