import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { paymentMessages as m } from '../../../shared/payments/messages';
import {
  amortizationUpdateMutationSchema,
  amortizationUpdateSchema,
  aplicarPagoSchema,
} from '../../../shared/payments/schemas';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0]?.message;
};

describe('payment schemas', () => {
  it.each([
    [{ parcial: 12.5 }, 1250],
    [{ parcial: '12.50' }, 1250],
    [{ parcial: 0 }, 0],
    [{ parcial: '  7 ' }, 700],
  ])('the screens’ partial %j is centavos %d', (input, cents) => {
    expect(v.parse(amortizationUpdateSchema, input).parcial).toBe(cents);
  });

  it.each([
    [{ parcial: -1 }, m.montoInvalido],
    [{ parcial: 'abc' }, m.montoInvalido],
    [{ parcial: 1.234 }, m.montoDecimales],
    [{ parcial: Number.NaN }, m.montoInvalido],
    [{ parcial: 1e12 }, m.montoMaximo],
    [{ fecha_pagada: '2026-02-30' }, m.fechaInvalida],
    [{ fecha_pagada: '2206-11-16' }, m.fechaFueraDeRango],
    [{ fecha_pagada: '1999-12-31' }, m.fechaFueraDeRango],
    [{ pagada: 'si' }, m.pagadaInvalida],
    [{}, m.pagoOMonto],
  ])('the screens’ edit %j is refused: %s', (input, message) => {
    expect(firstMessage(amortizationUpdateSchema, input)).toBe(message);
  });

  it('aplicar-pago: either pagada, or monto_pagado with fecha_pagada', () => {
    expect(v.parse(aplicarPagoSchema, { loan_id: '3', id: 9, pagada: true })).toMatchObject({
      loan_id: 3,
      id: 9,
    });
    expect(
      v.parse(aplicarPagoSchema, { loan_id: 3, id: 9, monto_pagado: 150, fecha_pagada: '2026-11-16' }),
    ).toMatchObject({ monto_pagado: 15000, fecha_pagada: '2026-11-16' });
    expect(firstMessage(aplicarPagoSchema, { loan_id: 3, id: 9 })).toBe(m.pagoOMonto);
    expect(firstMessage(aplicarPagoSchema, { loan_id: 3, id: 9, monto_pagado: 150 })).toBe(m.fechaRequerida);
    expect(firstMessage(aplicarPagoSchema, { id: 9, pagada: true })).toBe(m.prestamoRequerido);
  });

  it('amortization.update needs its receipt and base version', () => {
    const ok = {
      receiptId: '0b8f0f4e-6f1a-4a53-9d84-1f0f3c2d9a11',
      loanId: 1,
      amortizationId: 2,
      baseVersion: 0,
      pagada: true,
    };
    expect(v.parse(amortizationUpdateMutationSchema, ok)).toMatchObject(ok);
    expect(firstMessage(amortizationUpdateMutationSchema, { ...ok, receiptId: 'x' })).toBe(m.reciboInvalido);
    expect(firstMessage(amortizationUpdateMutationSchema, { ...ok, baseVersion: -1 })).toBe(
      m.versionInvalida,
    );
  });
});
