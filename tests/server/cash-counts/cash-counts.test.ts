import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashCountMessages as cm } from '../../../shared/cash-counts/messages';
import type { CashCountsResponse } from '../../../shared/cash-counts/types';
import { addDays } from '../../../shared/dates';
import { expectError, send } from '../helpers/catalog';
import { addCobrador, cashCount } from '../helpers/collector';
import { connectTestSql, testApp } from '../helpers/test-db';
import { push, TODAY, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

async function cortes(token: string, query = '') {
  const res = await send(
    app,
    'GET',
    `/api/cortes?fechaInicio=${addDays(TODAY, -7)}&fechaFin=${TODAY}${query}`,
    token,
  );
  const body = (await res.json()) as CashCountsResponse;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('cash_count.create and /api/cortes (issue 12)', () => {
  it('the recorded cash is what the server has from that collector that day, not what the phone says', async () => {
    const t = await tenantWithLoans(sql, app);
    const cobrador = await addCobrador(sql, app, t.accountId, 'Juan Cobrador');
    const a = await t.addLoan();
    const b = await t.addLoan();
    const device = randomUUID();
    const { results } = await push(app, cobrador.token, device, [
      // 600 (one abono) + 250 partial today; yesterday's 600 is another day's cash.
      update(1, { loanId: a.id, amortizationId: a.amortizationIds[0]!, baseVersion: 0, pagada: true }),
      update(2, { loanId: b.id, amortizationId: b.amortizationIds[0]!, baseVersion: 0, parcial: 250 }),
      update(3, {
        loanId: b.id,
        amortizationId: b.amortizationIds[1]!,
        baseVersion: 0,
        pagada: true,
        fecha_pagada: addDays(TODAY, -1),
      }),
      cashCount(4, { fecha: TODAY, contado: '800.50', nota: 'faltó cambio', registrado: 99999 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    // The office's own payment on the same day is not the collector's cash.
    await push(app, t.token, randomUUID(), [
      update(1, { loanId: a.id, amortizationId: a.amortizationIds[1]!, baseVersion: 0, pagada: true }),
    ]);

    const data = await cortes(t.token);
    expect(data.cortes).toEqual([
      expect.objectContaining({
        user_id: cobrador.userId,
        user_name: 'Juan Cobrador',
        fecha: TODAY,
        registrado: 850,
        contado: 800.5,
        diferencia: -49.5,
        nota: 'faltó cambio',
        detalle: [{ modalidad_pago: 'SEMANAL', pagos: 2, monto: 850 }],
      }),
    ]);
    expect(data.cortes[0]!.receipt_number).toMatch(/^R-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(data.totales).toEqual({ registrado: 850, contado: 800.5, diferencia: -49.5 });
  });

  it('exactly once; bad counts are refused with a Spanish reason and the queue moves on', async () => {
    const t = await tenantWithLoans(sql, app);
    const device = randomUUID();
    const count = cashCount(1, { fecha: TODAY, contado: 0 });
    await push(app, t.token, device, [count]);
    await push(app, t.token, device, [count]);
    const { results } = await push(app, t.token, device, [
      { ...count, id: 2 },
      cashCount(3, { fecha: TODAY, contado: -5 }),
      cashCount(4, { fecha: TODAY, contado: '' }),
      cashCount(5, { fecha: addDays(TODAY, 2), contado: 10 }), // tomorrow is a phone a little ahead (shared/date-rules.ts)
      cashCount(6, { fecha: TODAY, contado: 10, nota: 'x'.repeat(201) }),
    ]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['skipped', cm.corteDuplicado],
      ['rejected', 'El monto debe ser un número mayor o igual a 0'],
      ['rejected', cm.contadoRequerido],
      ['rejected', cm.fechaFutura],
      ['rejected', cm.notaLarga],
    ]);
    expect((await cortes(t.token)).cortes).toHaveLength(1);
  });

  it('the office filters by collector; a COBRADOR cannot read /cortes; each account sees its own', async () => {
    const t = await tenantWithLoans(sql, app);
    const uno = await addCobrador(sql, app, t.accountId, 'Uno');
    const dos = await addCobrador(sql, app, t.accountId, 'Dos');
    await push(app, uno.token, randomUUID(), [cashCount(1, { fecha: addDays(TODAY, -1), contado: 10 })]);
    await push(app, dos.token, randomUUID(), [cashCount(1, { fecha: TODAY, contado: 20 })]);
    expect((await cortes(t.token)).cortes.map((c) => c.user_name)).toEqual(['Dos', 'Uno']);
    expect((await cortes(t.token, `&user_id=${uno.userId}`)).cortes.map((c) => c.contado)).toEqual([10]);
    await expectError(await send(app, 'GET', '/api/cortes', uno.token), 403, 'FORBIDDEN');
    const other = await tenantWithLoans(sql, app);
    expect((await cortes(other.token)).cortes).toEqual([]);
    const file = await send(
      app,
      'GET',
      `/api/cortes/file?fechaInicio=${addDays(TODAY, -7)}&fechaFin=${TODAY}`,
      t.token,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toContain('spreadsheetml');
    await expectError(await send(app, 'GET', '/api/cortes?user_id=abc', t.token), 400, 'VALIDATION');
  });
});
