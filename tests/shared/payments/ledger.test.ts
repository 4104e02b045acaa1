import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { type Cents, cents } from '../../../shared/money';
import {
  allocateLedger,
  effectivePayments,
  fillRows,
  type LedgerPayment,
  type LedgerRow,
  outstandingOf,
  type PaymentEvent,
  rowColumns,
} from '../../../shared/payments/ledger';

const c = (pesos: number) => cents(pesos * 100);
const schedule = (...montos: number[]): LedgerRow[] =>
  montos.map((m, i) => ({ id: 10 + i, numero_pago: i + 1, monto: c(m) }));
const pay = (
  receiptId: string,
  fecha: string,
  pesos: number,
  amortizationId: number | null = null,
): LedgerPayment => ({
  receiptId,
  fecha,
  amount: c(pesos),
  amortizationId,
});
const received = (rows: LedgerRow[], payments: LedgerPayment[]) => {
  const { balances } = allocateLedger(rows, payments);
  return rows.map((r) => balances.get(r.id)!.received / 100);
};

describe('allocateLedger: examples', () => {
  it('fills the oldest row first, then the following ones', () => {
    expect(received(schedule(100, 100, 100), [pay('a', '2026-11-02', 250)])).toEqual([100, 100, 50]);
  });

  it('an aimed payment fills its row, then the following rows, then the earlier ones', () => {
    const rows = schedule(100, 100, 100, 100);
    expect(received(rows, [pay('a', '2026-11-02', 100, 12)])).toEqual([0, 0, 100, 0]);
    expect(received(rows, [pay('a', '2026-11-02', 250, 12)])).toEqual([50, 0, 100, 100]);
  });

  it('the last row takes the rounding: 13 × 429 + 423 = 6,000', () => {
    const rows = schedule(...Array(13).fill(429), 423);
    const { balances, unallocated } = allocateLedger(rows, [pay('a', '2026-11-02', 6000)]);
    expect([...balances.values()].every((b) => b.received > 0)).toBe(true);
    expect(unallocated).toBe(0);
  });

  it('a row paid in two visits is completed on the date of the second', () => {
    const rows = schedule(100, 100);
    const { balances } = allocateLedger(rows, [pay('a', '2026-11-02', 60), pay('b', '2026-11-09', 60)]);
    expect(balances.get(10)).toEqual({ received: c(100), fechaPagada: '2026-11-09' });
    expect(balances.get(11)).toEqual({ received: c(20), fechaPagada: '2026-11-09' });
  });

  it('money beyond every row is left unallocated, never lost', () => {
    expect(allocateLedger(schedule(100), [pay('a', '2026-11-02', 130)]).unallocated).toBe(c(30));
  });

  it('row columns: paid rows keep no partial amount; a renewed row is never paid', () => {
    const [row] = schedule(100);
    expect(rowColumns({ ...row!, renovo: false }, { received: c(100), fechaPagada: '2026-11-02' })).toEqual({
      pagada: true,
      parcial: 0,
      fecha_pagada: '2026-11-02',
    });
    expect(rowColumns({ ...row!, renovo: false }, { received: c(40), fechaPagada: '2026-11-02' })).toEqual({
      pagada: false,
      parcial: c(40),
      fecha_pagada: '2026-11-02',
    });
    expect(rowColumns({ ...row!, renovo: true }, { received: c(40), fechaPagada: '2026-11-02' }).pagada).toBe(
      false,
    );
    expect(rowColumns({ ...row!, renovo: false }, { received: c(0), fechaPagada: null })).toEqual({
      pagada: false,
      parcial: 0,
      fecha_pagada: null,
    });
  });

  it('outstanding: what the rows not renewed still lack', () => {
    const rows = schedule(100, 100, 100).map((r, i) => ({ ...r, renovo: i === 2 }));
    const { balances } = allocateLedger(rows, [pay('a', '2026-11-02', 130)]);
    expect(outstandingOf(rows, balances)).toBe(c(70));
  });
});

describe('effectivePayments', () => {
  const event = (e: Partial<PaymentEvent> & Pick<PaymentEvent, 'id' | 'kind' | 'amount'>): PaymentEvent => ({
    receiptId: `r${e.id}`,
    fecha: '2026-11-02',
    amortizationId: null,
    correctsId: null,
    ...e,
  });

  it('a payment stands as its latest correction says (by arrival), a reversal as 0', () => {
    const events = [
      event({ id: 1, kind: 'pago', amount: c(5000) }),
      event({ id: 3, kind: 'correccion', amount: c(0), correctsId: 1 }),
      event({ id: 2, kind: 'correccion', amount: c(500), correctsId: 1, fecha: '2026-11-03' }),
      event({ id: 4, kind: 'pago', amount: c(200) }),
    ];
    expect(effectivePayments(events).map((p) => [p.event.id, p.amount / 100, p.fecha])).toEqual([
      [1, 0, '2026-11-02'],
      [4, 200, '2026-11-02'],
    ]);
    expect(effectivePayments(events.slice(0, 3).filter((e) => e.id !== 3))[0]).toMatchObject({
      amount: c(500),
      fecha: '2026-11-03',
    });
  });
});

// Random schedules and payments: amounts in whole pesos or with centavos, dates over six weeks, some aimed.
const rowsArb = fc
  .array(fc.integer({ min: 1, max: 2_000_00 }), { minLength: 1, maxLength: 16 })
  .map((montos) => montos.map((m, i): LedgerRow => ({ id: 100 + i, numero_pago: i + 1, monto: cents(m) })));
const paymentsArb = (rows: LedgerRow[]) =>
  fc.array(
    fc.record({
      receiptId: fc.uuid(),
      fecha: fc.integer({ min: 0, max: 41 }).map((d) => addDays('2026-10-05', d)),
      amount: fc.integer({ min: 1, max: 3_000_00 }).map((a) => a as Cents),
      amortizationId: fc.option(fc.constantFrom(...rows.map((r) => r.id)), { nil: null }),
    }),
    { maxLength: 12 },
  );
const ledgerArb = rowsArb.chain((rows) => paymentsArb(rows).map((payments) => ({ rows, payments })));

describe('allocateLedger: properties', () => {
  it('the same final rows in any arrival order', () => {
    fc.assert(
      fc.property(
        ledgerArb.chain((l) =>
          fc
            .shuffledSubarray(l.payments, { minLength: l.payments.length })
            .map((s) => ({ ...l, shuffled: s })),
        ),
        ({ rows, payments, shuffled }) => {
          expect(allocateLedger(rows, shuffled).balances).toEqual(allocateLedger(rows, payments).balances);
        },
      ),
    );
  });

  it('conserves money: Σ received + unallocated = Σ payments; no row takes more than its amount', () => {
    fc.assert(
      fc.property(ledgerArb, ({ rows, payments }) => {
        const state = allocateLedger(rows, payments);
        const total = payments.reduce((s, p) => s + p.amount, 0);
        const held = [...state.balances.values()].reduce((s, b) => s + b.received, 0);
        expect(held + state.unallocated).toBe(total);
        for (const row of rows) expect(state.balances.get(row.id)!.received).toBeLessThanOrEqual(row.monto);
        const due = rows.reduce((s, r) => s + r.monto, 0);
        if (total <= due) expect(state.unallocated).toBe(0);
        expect(state.allocations.reduce((s, a) => s + a.amount, 0)).toBe(held);
      }),
    );
  });

  it('payments aimed at no row fill the schedule from the first row, as a waterfall of their total', () => {
    fc.assert(
      fc.property(ledgerArb, ({ rows, payments }) => {
        const unaimed = payments.map((p) => ({ ...p, amortizationId: null }));
        const { balances } = allocateLedger(rows, unaimed);
        let left = unaimed.reduce((s, p) => s + p.amount, 0);
        for (const row of rows) {
          const take = Math.min(row.monto, left);
          expect(balances.get(row.id)!.received).toBe(take);
          left -= take;
        }
      }),
    );
  });

  it("the phone's incremental fill equals the server's replay for a payment dated after the others", () => {
    fc.assert(
      fc.property(ledgerArb, fc.integer({ min: 1, max: 3_000_00 }), ({ rows, payments }, amount) => {
        const last: LedgerPayment = {
          receiptId: 'zzzz',
          fecha: '2026-12-31',
          amount: amount as Cents,
          amortizationId: null,
        };
        const before = allocateLedger(rows, payments);
        fillRows(rows, before.balances, last);
        expect(before.balances).toEqual(allocateLedger(rows, [...payments, last]).balances);
      }),
    );
  });
});
