import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { dataOf, expectError, send, signIn } from '../helpers/catalog';
import { createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

describe('payment methods', () => {
  it("lists the account's methods, amounts as numbers, DIARIO to MENSUAL, for any signed-in user", async () => {
    const cobrador = await signIn(sql, app, ['PRESTAMOS_VER']);
    const other = await signIn(sql, app);
    const mensual = await createPaymentMethod(sql, cobrador.accountId, {
      modalidad: 'MENSUAL',
      montoMinimo: 1500.5,
    });
    const semanal = await createPaymentMethod(sql, cobrador.accountId, { modalidad: 'SEMANAL' });
    await createPaymentMethod(sql, other.accountId, { modalidad: 'DIARIO' });

    const list = await dataOf<PaymentMethod[]>(
      await send(app, 'GET', '/api/payment-methods', cobrador.token),
    );
    expect(list.map((p) => p.id)).toEqual([semanal.id, mensual.id]);
    expect(list[0]).toEqual({
      id: semanal.id,
      modalidad_pago: 'SEMANAL',
      monto_minimo: 1000,
      monto_maximo: 30000,
      interes: 20,
      total_pagos: 14,
      interes_coordinadora: 15,
      total_pagos_coordinadora: 14,
      interes_empleado: 10,
      total_pagos_empleado: 14,
      requiere_aval: false,
    });
    expect(list[1]?.monto_minimo).toBe(1500.5);
  });

  it('needs a signed-in user', async () => {
    await expectError(await send(app, 'GET', '/api/payment-methods'), 401, 'UNAUTHENTICATED');
  });
});
