import 'fake-indexeddb/auto';
import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { entryBadge } from '../../../client/features/sync/outbox-groups';
import { type CorrectionInput, correctPayment } from '../../../client/mutators/correct-payment';
import type { LocalDb } from '../../../client/store/database';
import { isPaymentEntry, wireMutation } from '../../../client/store/local-types';
import { syncOnce } from '../../../client/sync/run';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { paymentCorrectSchema } from '../../../shared/payments/schemas';
import { answerAll, freshDb, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const ctx = { userId: 7, today: TODAY, now: new Date('2026-11-20T18:00:00Z') };
const PAYMENT_RECEIPT = '3f9a12c7-0000-4000-8000-000000000001';
const open: LocalDb[] = [];

function db() {
  const store = freshDb();
  open.push(store);
  return store;
}

const input = (values: Partial<CorrectionInput['values']> = {}): CorrectionInput => ({
  loanId: 1,
  payment: { receiptId: PAYMENT_RECEIPT, receiptNumber: 'R-3F9A-12C7', vigente: 500 },
  values: { amount: '450', fecha: '', reason: 'Contó mal el billete', ...values },
  loanReference: 'PR-000001',
  loanStart: '2026-10-01',
  clientName: 'Ana López',
});

afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

describe('correcting a payment on the device', () => {
  test('queues one payment.correct entry whose args the server’s schema accepts', async () => {
    const store = db();
    const result = await correctPayment(store, input(), ctx);
    expect(result).toEqual({ ok: true, entryId: 1 });
    const entries = await store.outbox.toArray();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      id: 1,
      name: 'payment.correct',
      status: 'pending',
      loanId: 1,
      amortizationIds: [],
      userId: 7,
      clientTime: '2026-11-20T18:00:00.000Z',
      summary: {
        loanReference: 'PR-000001',
        clientName: 'Ana López',
        description: 'Corrección de pago R-3F9A-12C7: $500.00 → $450.00',
      },
      args: { paymentReceiptId: PAYMENT_RECEIPT, amount: 450, reason: 'Contó mal el billete' },
    });
    expect(entry!.args).not.toHaveProperty('fecha');
    expect(entry!.args.receiptId).not.toBe(PAYMENT_RECEIPT);
    // What travels is what the server parses (push-chunk.ts), to the centavo.
    const wire = wireMutation(entry!);
    expect(wire.name).toBe('payment.correct');
    const parsed = v.safeParse(paymentCorrectSchema, wire.args);
    expect(parsed.success).toBe(true);
    expect(parsed.output).toMatchObject({ amount: 45000, reason: 'Contó mal el billete' });
    // It changes no row and adds to no sum: the server's answer and the next pull bring those.
    expect(isPaymentEntry(entry!)).toBe(false);
    expect(entryBadge(entry!)).toBe('Corrección');
  });

  test('0 reverses the payment; a date and a padded reason travel as the schema leaves them', async () => {
    const store = db();
    await correctPayment(
      store,
      input({ amount: '0', fecha: '2026-11-18', reason: '  Pago duplicado  ' }),
      ctx,
    );
    const [entry] = await store.outbox.toArray();
    expect(entry!.args).toMatchObject({ amount: 0, fecha: '2026-11-18', reason: 'Pago duplicado' });
    expect(entry!.summary.description).toBe(
      'Corrección de pago R-3F9A-12C7: $500.00 → $0.00, fecha 18/11/2026',
    );
  });

  test('an empty motivo or a negative amount answers the schema’s message and queues nothing', async () => {
    const store = db();
    expect(await correctPayment(store, input({ reason: '   ' }), ctx)).toEqual({
      ok: false,
      message: m.motivoRequerido,
      errors: { reason: m.motivoRequerido },
    });
    expect(await correctPayment(store, input({ amount: '-50' }), ctx)).toEqual({
      ok: false,
      message: m.montoInvalido,
      errors: { amount: m.montoInvalido },
    });
    const both = await correctPayment(store, input({ amount: '-50', reason: '' }), ctx);
    expect(both).toMatchObject({ ok: false, errors: { amount: m.montoInvalido, reason: m.motivoRequerido } });
    expect(await correctPayment(store, input({ amount: '' }), ctx)).toMatchObject({
      errors: { amount: m.montoInvalido },
    });
    // The server refuses a date after tomorrow (a phone a little ahead); said before the trip, with its words.
    expect(await correctPayment(store, input({ fecha: '2026-11-22' }), ctx)).toMatchObject({
      errors: { fecha: m.fechaFutura },
    });
    expect(await store.outbox.count()).toBe(0);
    expect(await store.meta.get('nextMutationId')).toBeUndefined();
  });

  test('the sync engine pushes it once; the answer settles it', async () => {
    const store = db();
    await correctPayment(store, input(), ctx);
    const { transport, pushes } = scriptedTransport({ push: answerAll('applied'), pull: () => page('c1') });
    await syncOnce(store, transport, { today: () => TODAY });
    await syncOnce(store, transport, { today: () => TODAY });
    expect(pushes.flatMap((p) => p.mutations.map((mu) => [mu.id, mu.name]))).toEqual([
      [1, 'payment.correct'],
    ]);
    expect((await store.outbox.get(1))?.status).toBe('synced');
  });
});
