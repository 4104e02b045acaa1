import { describe, expect, it, vi } from 'vitest';
import {
  adjustTotals,
  type CardInput,
  cardModel,
  cobranzaTotals,
  sameCard,
} from '../../../../client/features/cobranza/cobranza-model';
import { shownCard, TapStore } from '../../../../client/features/cobranza/tap-store';
import type { DevicePayment } from '../../../../client/store/device-payments';
import { addDays } from '../../../../shared/dates';
import type { Amortization } from '../../../../shared/loans/types';
import { cents } from '../../../../shared/money';

// A Monday town, week 23–29 Nov 2026, abono 100: row 5 falls due on the 23rd.
const week = { start: '2026-11-23', end: '2026-11-29' };
const TODAY = '2026-11-24';

const rows = (paidThrough: number, parcialOfNext = 0): Amortization[] =>
  Array.from({ length: 14 }, (_, i) => ({
    id: 100 + i + 1,
    loan_id: 1,
    numero_pago: i + 1,
    referencia: `R${i + 1}`,
    fecha_pago: addDays('2026-10-26', 7 * i),
    monto: 100,
    pagada: i < paidThrough,
    parcial: i === paidThrough ? parcialOfNext : 0,
    // Rows 1–4 were paid on their dates, before the week; anything later, today.
    fecha_pagada:
      i < Math.min(paidThrough, 4)
        ? addDays('2026-10-26', 7 * i)
        : i < paidThrough || (i === paidThrough && parcialOfNext > 0)
          ? TODAY
          : null,
    renovo: false,
    version: 1,
  }));

/** The payments the rows stand for, as the device counts them: one per row that holds money, on its date. */
const paymentsOf = (list: Amortization[], loanId: number): DevicePayment[] =>
  list.flatMap((r) =>
    r.fecha_pagada
      ? [
          {
            receiptId: `${loanId}-${r.id}`,
            loanId,
            fecha: r.fecha_pagada,
            amount: cents((r.pagada ? r.monto : r.parcial) * 100),
            userId: 7,
            synced: true,
          },
        ]
      : [],
  );

const input = (list: Amortization[], loanId = 1): CardInput => ({
  loanId,
  reference: `PR-00000${loanId}`,
  grupo: 1,
  clientName: `Cliente ${loanId}`,
  telefono: null,
  loan: {
    monto_con_interes: 1400,
    fecha_inicio: '2026-10-19',
    fecha_fin: '2027-01-25',
    modalidad_pago: 'SEMANAL',
    total_pagos: 14,
  },
  rows: list,
  payments: paymentsOf(list, loanId),
  sheet: null,
  visits: [],
  pendingSync: false,
});

const card = (list: Amortization[], loanId = 1) => cardModel(input(list, loanId), week, TODAY);

describe('a tap shown before the read catches up', () => {
  it('two reads of an unchanged loan give equal cards; a payment changes it', () => {
    expect(sameCard(card(rows(4)), card(rows(4)))).toBe(true);
    expect(sameCard(card(rows(4)), card(rows(5)))).toBe(false);
    expect(sameCard(card(rows(4)), card(rows(4, 50)))).toBe(false);
  });

  it('the totals move by what the tap changed, and count the card as done', () => {
    const before = [card(rows(4), 1), card(rows(4), 2)];
    const totals = cobranzaTotals(before);
    const tapped = card(rows(5), 1);
    const adjusted = adjustTotals(totals, [{ from: before[0]!, to: tapped }]);
    expect(adjusted).toEqual(cobranzaTotals([tapped, before[1]!]));
    expect(adjusted.hechos).toBe(1);
    expect(adjustTotals(totals, [])).toEqual(totals);
  });

  it('stands while the read shows the card as tapped, and gives way once the read has the write', () => {
    const taps = new TapStore();
    const listener = vi.fn();
    taps.subscribe(listener);
    const base = card(rows(4));
    const after = card(rows(5));
    taps.set(1, { base, card: after });
    expect(listener).toHaveBeenCalledTimes(1);
    // A new read of the same rows: the tap still shows.
    const reread = card(rows(4));
    expect(shownCard(reread, taps.get(1))).toBe(after);
    taps.prune(() => reread);
    expect(taps.get(1)).toBeDefined();
    // The read now has the payment: it wins and the tap is dropped.
    const written = card(rows(5));
    expect(shownCard(written, taps.get(1))).toBe(written);
    taps.prune(() => written);
    expect(taps.get(1)).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    // Undo drops a tap at once.
    taps.set(2, { base, card: after });
    taps.delete(2);
    expect(taps.all().size).toBe(0);
  });
});
