import { describe, expect, it } from 'vitest';
import {
  type CardInput,
  cardModel,
  cobranzaTotals,
} from '../../../../client/features/cobranza/cobranza-model';
import { currentCoverage } from '../../../../client/features/cobranza/read-cobranza';
import { receiptText, whatsappLink } from '../../../../client/features/cobranza/receipt-text';
import { moveInOrder, orderCards, visibleCards } from '../../../../client/features/cobranza/route-order';
import type { DevicePayment } from '../../../../client/store/device-payments';
import { addDays } from '../../../../shared/dates';
import type { Amortization } from '../../../../shared/loans/types';
import { cents } from '../../../../shared/money';

// A Monday town: the week runs 23–29 Nov 2026; today is Tuesday the 24th. Abono 100, 14 weekly rows.
const week = { start: '2026-11-23', end: '2026-11-29' };
const TODAY = '2026-11-24';

function rows(states: Partial<Amortization>[]): Amortization[] {
  return Array.from({ length: 14 }, (_, i) => ({
    id: 100 + i + 1,
    loan_id: 1,
    numero_pago: i + 1,
    referencia: `R${i + 1}`,
    fecha_pago: addDays('2026-10-26', 7 * i),
    monto: 100,
    pagada: false,
    parcial: 0,
    fecha_pagada: null,
    renovo: false,
    version: 1,
    ...states[i],
  }));
}

const paid = (fecha: string) => ({ pagada: true, fecha_pagada: fecha });
/** A payment as the device counts it: the server's (synced) or only this phone's. */
const payment = (fecha: string, pesos: number, synced = true): DevicePayment => ({
  receiptId: `${fecha}-${pesos}-${synced}`,
  loanId: 1,
  fecha,
  amount: cents(pesos * 100),
  userId: 7,
  synced,
});
const earlier = [payment('2026-10-26', 100), payment('2026-11-02', 100), payment('2026-11-09', 100)];

function input(list: Amortization[], extra: Partial<CardInput> = {}): CardInput {
  return {
    loanId: 1,
    reference: 'PR-000001',
    grupo: 1,
    clientName: 'Ana López',
    telefono: '2221234567',
    loan: {
      monto_con_interes: 1400,
      fecha_inicio: '2026-10-19',
      fecha_fin: '2027-01-25',
      modalidad_pago: 'SEMANAL',
      total_pagos: 14,
    },
    rows: list,
    payments: earlier,
    sheet: null,
    visits: [],
    pendingSync: false,
    ...extra,
  };
}

describe('a card of the week', () => {
  // Rows 1–3 paid on time; row 4 (16 Nov) is late; row 5 (23 Nov) is this week's.
  const late = rows([paid('2026-10-26'), paid('2026-11-02'), paid('2026-11-09')]);

  it('shows what the week asks (its row and the arrears), the arrears and the last payment', () => {
    const card = cardModel(input(late), week, TODAY);
    expect(card).toMatchObject({
      esperado: 200,
      abonoSemana: 200,
      atraso: { semanas: 1, monto: 100 },
      ultimoPago: '2026-11-09',
      cobrado: 0,
      state: 'pendiente',
      canPay: true,
      saldo: 1100,
    });
  });

  it('a payment of today counts in the week: what is left to collect drops, and only then "Al corriente"', () => {
    const after = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      paid(TODAY),
      paid(TODAY),
    ]);
    const card = cardModel(input(after, { payments: [...earlier, payment(TODAY, 200, false)] }), week, TODAY);
    expect(card).toMatchObject({
      esperado: 200,
      cobrado: 200,
      cobradoSincronizado: 0,
      state: 'pagado',
      abonoSemana: 0,
      atraso: { semanas: 0, monto: 0 },
    });
  });

  it('a payment of one abono on a loan behind is partial: the arrears are covered, the week still owes', () => {
    const after = rows([paid('2026-10-26'), paid('2026-11-02'), paid('2026-11-09'), paid(TODAY)]);
    const card = cardModel(input(after, { payments: [...earlier, payment(TODAY, 100, false)] }), week, TODAY);
    expect(card).toMatchObject({ state: 'parcial', cobrado: 100, abonoSemana: 100 });
    expect(card.state).not.toBe('pagado');
  });

  it('less than what is due is partial; a visit without money is visited, with its promise', () => {
    const partial = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      { parcial: 40, fecha_pagada: TODAY },
    ]);
    expect(
      cardModel(input(partial, { payments: [...earlier, payment(TODAY, 40)] }), week, TODAY),
    ).toMatchObject({
      state: 'parcial',
      cobrado: 40,
      cobradoSincronizado: 40,
      abonoSemana: 160,
    });
    const visited = cardModel(
      input(late, { visits: [{ motivo: 'PROMESA', fecha: TODAY, fecha_promesa: '2026-11-27' }] }),
      week,
      TODAY,
    );
    expect(visited).toMatchObject({ state: 'visitado', promesa: '2026-11-27' });
    // Last week's visit is not this week's.
    const old = cardModel(
      input(late, { visits: [{ motivo: 'NO_ESTABA', fecha: '2026-11-17', fecha_promesa: null }] }),
      week,
      TODAY,
    );
    expect(old.state).toBe('pendiente');
  });

  it("with a sheet, the week's expected amount is the sheet's A COBRAR; collected is the week's payments", () => {
    const after = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      paid(TODAY),
      { parcial: 50, fecha_pagada: TODAY },
    ]);
    const payments = [...earlier, payment(TODAY, 150)];
    const card = cardModel(input(after, { sheet: { esperado: 200 }, payments }), week, TODAY);
    expect(card).toMatchObject({ esperado: 200, cobrado: 150, state: 'parcial', abonoSemana: 50 });
  });

  it('totals add the cards: expected, collected apart from what is still on the phone, done X of Y', () => {
    const after = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      paid(TODAY),
      paid(TODAY),
    ]);
    const cards = [
      cardModel(input(after, { payments: [...earlier, payment(TODAY, 200, false)] }), week, TODAY),
      cardModel(input(after, { loanId: 2, payments: [...earlier, payment(TODAY, 200)] }), week, TODAY),
      cardModel(input(late, { loanId: 3 }), week, TODAY),
    ];
    expect(cobranzaTotals(cards)).toEqual({
      esperado: 600,
      cobradoSincronizado: 200,
      cobradoEnTelefono: 200,
      hechos: 2,
      clientes: 3,
    });
  });
});

describe('the route', () => {
  const base = cardModel(input(rows([])), week, TODAY);
  const cards = [
    { ...base, loanId: 1, grupo: 2, clientName: 'Ana' },
    { ...base, loanId: 2, grupo: 1, clientName: 'Zoila' },
    { ...base, loanId: 3, grupo: 1, clientName: 'Ñoño' },
    { ...base, loanId: 4, grupo: 1, clientName: 'Óscar', state: 'pagado' as const },
  ];

  it('goes by group then name (accents aside, ñ after n); the collector may reorder it', () => {
    const route = orderCards(cards, null);
    expect(route.map((c) => c.clientName)).toEqual(['Ñoño', 'Óscar', 'Zoila', 'Ana']);
    const moved = moveInOrder(route, 1, -1);
    expect(moved).toEqual([3, 4, 1, 2]);
    expect(orderCards(cards, moved).map((c) => c.loanId)).toEqual([3, 4, 1, 2]);
    // A loan the saved order does not know goes after, in route order.
    expect(orderCards(cards, [2]).map((c) => c.loanId)).toEqual([2, 3, 4, 1]);
    expect(moveInOrder(route, 3, -1)).toEqual([3, 4, 2, 1]);
  });

  it('searches by name without accents and filters pending or done', () => {
    const route = orderCards(cards, null);
    expect(visibleCards(route, 'oscar', 'todos').map((c) => c.loanId)).toEqual([4]);
    expect(visibleCards(route, '', 'hechos').map((c) => c.loanId)).toEqual([4]);
    expect(visibleCards(route, '', 'pendientes').map((c) => c.loanId)).toEqual([3, 2, 1]);
  });

  it("a Friday town's week on a Tuesday is last Friday's", () => {
    expect(currentCoverage('VIERNES', TODAY).coverageWeek).toBe('2026-11-20');
    expect(currentCoverage('LUNES', TODAY).coverageWeek).toBe('2026-11-23');
    expect(currentCoverage('MARTES', TODAY).coverageWeek).toBe('2026-11-24');
  });
});

describe('the receipt', () => {
  it('says business, client, amount, date, balance, collector and the short number', () => {
    const text = receiptText({
      negocio: 'Préstamos La Esperanza',
      cliente: 'Ana López',
      referencia: 'PR-000001',
      monto: 600,
      fecha: '2026-11-24T20:05:00.000Z',
      saldo: 4200,
      cobrador: 'Juan Pérez',
      receiptId: '3f9a12c7-0b1d-4c2e-8f00-1234567890ab',
    });
    expect(text).toContain('Préstamos La Esperanza · Recibo R-3F9A-12C7');
    expect(text).toContain('Cliente: Ana López (PR-000001)');
    expect(text).toContain('Abono recibido: $600.00');
    expect(text).toContain('Fecha: 24/11/2026');
    expect(text).toContain('Saldo restante: $4,200.00');
    expect(text).toContain('Cobrador: Juan Pérez');
  });

  it('goes to WhatsApp with the Mexican number, or nowhere without a valid one', () => {
    expect(whatsappLink('222 123 4567', 'hola')).toBe('https://wa.me/522221234567?text=hola');
    expect(whatsappLink('+52 (222) 123-4567', 'a b')).toBe('https://wa.me/522221234567?text=a%20b');
    expect(whatsappLink('12345', 'x')).toBeNull();
    expect(whatsappLink(null, 'x')).toBeNull();
  });
});
