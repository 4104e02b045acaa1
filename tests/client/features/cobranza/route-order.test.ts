import { describe, expect, it } from 'vitest';
import { lateFirst } from '../../../../client/features/cobranza/route-order';

const card = (id: number, diasAtraso: number, monto: number) => ({
  id,
  diasAtraso,
  atraso: { semanas: 0, monto },
});

describe("'Atrasados primero'", () => {
  it('orders by days late, then money late; equally late cards keep the route order', () => {
    const route = [
      card(1, 0, 0),
      card(2, 10, 200),
      card(3, 40, 50),
      card(4, 10, 900),
      card(5, 0, 0),
      card(6, 10, 200),
    ];
    expect(lateFirst(route).map((c) => c.id)).toEqual([3, 4, 2, 6, 1, 5]);
  });
});
