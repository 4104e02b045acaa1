import { describe, expect, test } from 'vitest';
import { canCorrect, receivedPayments } from '../../../../client/features/loans/received-payments';
import type { PaymentCorrectEntry } from '../../../../client/store/local-types';
import type { LedgerEntry } from '../../../../shared/payments/types';

const TODAY = '2026-11-20';

const event = (over: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind'>): LedgerEntry => ({
  receipt_id: `0000000${over.id}-0000-4000-8000-000000000000`,
  receipt_number: `R-0000-000${over.id}`,
  amount: 100,
  fecha: TODAY,
  amortization_id: null,
  corrects_id: null,
  reason: null,
  user: { id: 7, name: 'Ana' },
  client_id: null,
  mutation_id: null,
  client_time: null,
  server_time: `${TODAY}T18:00:00.000Z`,
  origen: 'telefono',
  vigente: null,
  filas: [],
  ...over,
});

const queued = (over: Partial<PaymentCorrectEntry>, args: Partial<PaymentCorrectEntry['args']>) =>
  ({
    id: 1,
    name: 'payment.correct',
    clientTime: `${TODAY}T19:00:00.000Z`,
    status: 'pending',
    summary: { loanReference: 'PR-000001', clientName: 'Ana López', description: '' },
    loanId: 1,
    amortizationIds: [],
    userId: 7,
    ...over,
    args: { receiptId: 'nuevo', paymentReceiptId: '', amount: 0, reason: 'Duplicado', ...args },
  }) as PaymentCorrectEntry;

describe('Pagos recibidos', () => {
  const pago = event({ id: 1, kind: 'pago', amount: 500, vigente: 450, fecha: '2026-11-18' });
  const fix = event({ id: 2, kind: 'correccion', corrects_id: 1, amount: 450, fecha: '2026-11-19' });
  const otro = event({ id: 3, kind: 'pago', vigente: 100, user: { id: 8, name: 'Beto' } });

  test('one line per payment, as it stands now, with its corrections under it', () => {
    const list = receivedPayments([pago, fix, otro], []);
    expect(list.map((p) => [p.payment.id, p.vigente, p.fecha, p.corrections.map((c) => c.id)])).toEqual([
      [1, 450, '2026-11-19', [2]],
      [3, 100, TODAY, []],
    ]);
  });

  test('this device’s corrections show under their payment until the server lists them', () => {
    const waiting = queued({ id: 4 }, { paymentReceiptId: otro.receipt_id });
    const refused = queued(
      { id: 5, status: 'rejected', reason: 'No' },
      { paymentReceiptId: otro.receipt_id },
    );
    const undone = queued({ id: 6, cancelled: true }, { paymentReceiptId: otro.receipt_id });
    const arrived = queued({ id: 7 }, { receiptId: fix.receipt_id, paymentReceiptId: pago.receipt_id });
    const list = receivedPayments([pago, fix, otro], [waiting, refused, undone, arrived]);
    expect(list.map((p) => p.queued.map((q) => q.id))).toEqual([[], [4, 5]]);
  });

  test('Corregir: own payment of today, or HOJAS_PROCESAR; never without PAGOS_REGISTRAR or once renewed', () => {
    const [, today] = receivedPayments([pago, fix, otro], []);
    const beto = { userId: 8, correctsAll: false, registers: true };
    expect(canCorrect(today!, beto, TODAY, false)).toBe(true);
    expect(canCorrect(today!, { ...beto, userId: 7 }, TODAY, false)).toBe(false);
    expect(canCorrect(today!, { ...beto, userId: 7, correctsAll: true }, TODAY, false)).toBe(true);
    expect(canCorrect(today!, { ...beto, registers: false }, TODAY, false)).toBe(false);
    expect(canCorrect(today!, beto, TODAY, true)).toBe(false);
    expect(canCorrect(today!, beto, '2026-11-21', false)).toBe(false);
  });
});
