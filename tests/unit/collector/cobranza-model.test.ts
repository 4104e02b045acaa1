import { describe, expect, it } from 'vitest';
import { type CardInput, cardModel, cobranzaTotals } from '../../../client/features/cobranza/cobranza-model';
import { currentCoverage } from '../../../client/features/cobranza/read-cobranza';
import { receiptText, whatsappLink } from '../../../client/features/cobranza/receipt-text';
import { moveInOrder, orderCards, visibleCards } from '../../../client/features/cobranza/route-order';
import { addDays } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';

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
    pagada: false,
    parcial: 0,
    fecha_pagada: null,
    renovo: false,
    version: 1,
    ...states[i],
  }));
}

const paid = (fecha: string) => ({ pagada: true, fecha_pagada: fecha });

function input(list: Amortization[], extra: Partial<CardInput> = {}): CardInput {
  return {
    loanId: 1,
    reference: 'PR-000001',
    grupo: 1,
    clientName: 'Ana López',
    telefono: '2221234567',
    abono: 100,
    rows: list,
    serverRows: list,
    sheet: null,
    visits: [],
    pendingSync: false,
    ...extra,
  };
}

describe('a card of the week', () => {
  // Rows 1–3 paid on time; row 4 (16 Nov) is late; row 5 (23 Nov) is this week's.
  const late = rows([paid('2026-10-26'), paid('2026-11-02'), paid('2026-11-09')]);

  it('shows the abono, the arrears and the last payment; Pagó goes to the oldest row owed', () => {
    const card = cardModel(input(late), week, TODAY);
    expect(card).toMatchObject({
      esperado: 200,
      abonoSemana: 100,
      atraso: { semanas: 1, monto: 100 },
      ultimoPago: '2026-11-09',
      cobrado: 0,
      state: 'pendiente',
      targetRowId: 104,
      saldo: 1100,
    });
  });

  it('a payment of today counts in the week: paid, and what is left to collect drops', () => {
    const after = rows([paid('2026-10-26'), paid('2026-11-02'), paid('2026-11-09'), paid(TODAY)]);
    const card = cardModel(input(after, { serverRows: late }), week, TODAY);
    expect(card).toMatchObject({
      esperado: 200,
      cobrado: 100,
      cobradoSincronizado: 0,
      state: 'pagado',
      abonoSemana: 0,
      targetRowId: 105,
    });
  });

  it('less than an abono is partial; a visit without money is visited, with its promise', () => {
    const partial = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      { parcial: 40, fecha_pagada: TODAY },
    ]);
    expect(cardModel(input(partial), week, TODAY)).toMatchObject({
      state: 'parcial',
      cobrado: 40,
      abonoSemana: 60,
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

  it("with a sheet, the week's figures are the sheet's: expected, and collected since it was taken", () => {
    const after = rows([
      paid('2026-10-26'),
      paid('2026-11-02'),
      paid('2026-11-09'),
      paid(TODAY),
      { parcial: 50, fecha_pagada: TODAY },
    ]);
    const card = cardModel(input(after, { sheet: { cobradoPrevio: 300, esperado: 200 } }), week, TODAY);
    expect(card).toMatchObject({ esperado: 200, cobrado: 150, state: 'pagado' });
  });

  it('totals add the cards: expected, collected apart from what is still on the phone, done X of Y', () => {
    const after = rows([paid('2026-10-26'), paid('2026-11-02'), paid('2026-11-09'), paid(TODAY)]);
    const cards = [
      cardModel(input(after, { serverRows: late }), week, TODAY),
      cardModel(input(after, { loanId: 2 }), week, TODAY),
      cardModel(input(late, { loanId: 3 }), week, TODAY),
    ];
    expect(cobranzaTotals(cards)).toEqual({
      esperado: 600,
      cobradoSincronizado: 100,
      cobradoEnTelefono: 100,
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
