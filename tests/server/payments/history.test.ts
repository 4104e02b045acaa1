import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { paymentMessages as m } from '../../../shared/payments/messages';
import type { LedgerEntry } from '../../../shared/payments/types';
import { expectError, send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, rowVersion, TODAY, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const historyOf = async (token: string, loanId: number, id: number) => {
  const res = await send(app, 'GET', `/api/loans/${loanId}/amortizations/${id}/history`, token);
  return { status: res.status, body: (await res.json()) as { data: LedgerEntry[] } };
};

describe('GET /api/loans/:loanId/payments and a row’s history', () => {
  it('lists each event with who, which device, when on the phone and when it arrived, and the rows it reached', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const [first, second] = loan.amortizationIds;
    await send(app, 'POST', '/api/aplicar-pago', t.token, {
      loan_id: loan.id,
      id: first,
      monto_pagado: 100,
      fecha_pagada: addDays(TODAY, -1),
    });
    const clientId = randomUUID();
    const phoneTime = '2026-11-18T16:30:00.000Z';
    const args = {
      loanId: loan.id,
      amortizationId: first!,
      baseVersion: await rowVersion(sql, first!),
      parcial: 800,
    };
    await push(app, t.token, clientId, [update(1, args, phoneTime)]);

    const { status, body } = await historyOf(t.token, loan.id, first!);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      kind: 'pago',
      amount: 100,
      fecha: addDays(TODAY, -1),
      origen: 'oficina',
      user: { id: t.userId },
      client_id: null,
      vigente: 100,
      filas: [{ amortization_id: first, numero_pago: 1, monto: 100 }],
    });
    // The device asked for 800 on a row that had 100: a payment of 700, of which the row took 500.
    expect(body.data[1]).toMatchObject({
      kind: 'pago',
      amount: 700,
      origen: 'telefono',
      client_id: clientId,
      mutation_id: 1,
      client_time: phoneTime,
      receipt_number: expect.stringMatching(/^R-[0-9A-F]{4}-[0-9A-F]{4}$/),
      filas: [
        { amortization_id: first, numero_pago: 1, monto: 500 },
        { amortization_id: second, numero_pago: 2, monto: 200 },
      ],
    });
    expect(body.data[1]!.server_time).toEqual(expect.any(String));
    const ledger = await send(app, 'GET', `/api/loans/${loan.id}/payments`, t.token);
    expect(((await ledger.json()) as { data: LedgerEntry[] }).data).toEqual(body.data);
  });

  it('a row without changes has an empty history; another account’s row or loan is 404', async () => {
    const t = await tenantWithLoans(sql, app);
    const other = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const [first, second] = loan.amortizationIds;
    expect((await historyOf(t.token, loan.id, first!)).body.data).toEqual([]);
    const foreign = await send(
      app,
      'GET',
      `/api/loans/${loan.id}/amortizations/${first}/history`,
      other.token,
    );
    await expectError(foreign, 404, 'NOT_FOUND', m.amortizacionNoEncontrada);
    const mismatched = await send(
      app,
      'GET',
      `/api/loans/${loan.id + 100000}/amortizations/${second}/history`,
      t.token,
    );
    await expectError(mismatched, 404, 'NOT_FOUND', m.amortizacionNoEncontrada);
  });

  it('needs PRESTAMOS_VER', async () => {
    const t = await tenantWithLoans(sql, app, ['CLIENTES_GESTIONAR']);
    const loan = await t.addLoan();
    const res = await send(
      app,
      'GET',
      `/api/loans/${loan.id}/amortizations/${loan.amortizationIds[0]}/history`,
      t.token,
    );
    expect(res.status).toBe(403);
  });
});
