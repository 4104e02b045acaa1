import { describe, expect, test } from 'vitest';
import { businessToday } from '../../../shared/dates';
import type {
  GenerateSheetResponse,
  ProcessSheetResponse,
  SheetStatusResponse,
  WeeklySheet,
} from '../../../shared/sheets/types';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { COBRADOR, json, sheetTenant } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

async function generate(t: Awaited<ReturnType<typeof sheetTenant>>) {
  const res = await app.request('/api/hoja-de-cobro', json(t.token, { municipalityId: t.municipalityId }));
  return ((await res.json()) as GenerateSheetResponse).data;
}

const pay = (token: string, loanId: number, id: number, body: object) =>
  app.request(`/api/aplicar-pago`, json(token, { loan_id: loanId, id, ...body }));

describe('POST /api/process-weekly-sheet/{id}', () => {
  test('cobrado al centavo, advertencias de sin pago y parcial, error del renovado; 409 la segunda vez', async () => {
    const t = await sheetTenant(sql, app);
    const full = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }], nombre: 'A Completo' });
    const partial = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }], nombre: 'B Parcial' });
    const excess = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }], nombre: 'C Excedente' });
    const none = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }], nombre: 'D Nada' });
    const renewed = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }], nombre: 'E Renovado' });
    const sheet = await generate(t);
    expect(sheet.monto_esperado).toBe(5 * 600);

    await pay(t.token, full.id, full.amortizationIds[1]!, { pagada: true });
    await pay(t.token, partial.id, partial.amortizationIds[1]!, {
      monto_pagado: 250.5,
      fecha_pagada: businessToday(),
    });
    // 1,000 on a 600 abono: the row is paid and 400 carries to the next one; the sheet counts all of it.
    await pay(t.token, excess.id, excess.amortizationIds[1]!, {
      monto_pagado: 1000,
      fecha_pagada: businessToday(),
    });
    await sql`update amortizations set renovo = true where loan_id = ${renewed.id} and not pagada`;
    await sql`update loans set pagada = true where id = ${renewed.id}`;

    const res = await app.request(`/api/process-weekly-sheet/${sheet.id}`, json(t.token));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ProcessSheetResponse;
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ processed: true, monto_cobrado: 600 + 250.5 + 1000 });
    expect(body.data.proccessing_date).toEqual(expect.any(String));
    expect(body.errors).toEqual([
      expect.objectContaining({ loan_id: renewed.id, message: expect.stringMatching(/se renovó/) }),
    ]);
    expect(body.warnings).toEqual([
      expect.objectContaining({ loan_id: partial.id, message: 'Pago parcial: $250.50 de $600.00' }),
      expect.objectContaining({ loan_id: none.id, client_nombre: 'D Nada', message: 'Sin pago registrado' }),
    ]);
    expect(body.data.log).toEqual({ errors: body.errors, warnings: body.warnings });

    const again = await app.request(`/api/process-weekly-sheet/${sheet.id}`, json(t.token));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'Esta hoja ya ha sido procesada', code: 'CONFLICT' });
  });

  test('dos procesamientos a la vez: exactamente uno gana', async () => {
    const t = await sheetTenant(sql, app);
    await t.loan({ dueThisWeek: 1 });
    const sheet = await generate(t);
    const results = await Promise.all(
      [1, 2].map(() => app.request(`/api/process-weekly-sheet/${sheet.id}`, json(t.token))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  test('un teléfono sin sincronizar se nombra; un pago después del cierre aparece en el estado', async () => {
    const t = await sheetTenant(sql, app);
    const loan = await t.loan({ dueThisWeek: 1 });
    const sheet = await generate(t);
    await sql`insert into sync_clients (client_id, user_id, account_id, last_seen_at)
      values (gen_random_uuid(), ${t.tenant.userId}, ${t.tenant.accountId}, now() - interval '3 hours')`;
    const processed = (await (
      await app.request(`/api/process-weekly-sheet/${sheet.id}`, json(t.token))
    ).json()) as ProcessSheetResponse;
    expect(
      processed.warnings.some((w) => w.loan_id === null && /no se sincroniza desde/.test(w.message)),
    ).toBe(true);
    await pay(t.token, loan.id, loan.amortizationIds[0]!, { pagada: true, fecha_pagada: businessToday() });
    const status = (await (
      await app.request(`/api/weekly-sheets/${sheet.id}/status`, json(t.token, undefined, 'GET'))
    ).json()) as SheetStatusResponse;
    // The payment counts on its loan, and on the sheet if it is dated in the sheet's week: the sheet's figure is
    // always the sum of its loans' payments dated in its week (sql/020), before processing and after.
    const [inWeek] = await sql<{ total: string }[]>`select coalesce(sum(e.amount), 0)::text as total
      from payments_effective e where e.loan_id = ${loan.id}
        and e.fecha between ${sheet.coverage_week}::date and ${sheet.coverage_week_end}::date`;
    expect(status.data).toMatchObject({
      state: 'advertencias',
      processed: true,
      monto_cobrado: Number(inWeek!.total),
    });
    expect(status.data.late_payments).toEqual([
      expect.objectContaining({ loan_id: loan.id, message: 'Pago recibido después de procesar la hoja' }),
    ]);
  });
});

describe('las demás llamadas de la hoja', () => {
  test('DELETE solo sin procesar; PUT mueve de semana; lista con filtros', async () => {
    const t = await sheetTenant(sql, app);
    await t.loan({ dueThisWeek: 1 });
    const sheet = await generate(t);
    const moved = await app.request(
      `/api/weekly-sheets/${sheet.id}`,
      json(t.token, { coverageWeek: '2026-01-01' }, 'PUT'),
    );
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { data: WeeklySheet }).data).toMatchObject({
      coverage_week: '2025-12-31',
      week: '2026-W01',
    });
    const filtered = (await (
      await app.request('/api/weekly-sheets?processed=false&week=2026-W01', json(t.token, undefined, 'GET'))
    ).json()) as { data: WeeklySheet[] };
    expect(filtered.data.map((s) => s.id)).toEqual([sheet.id]);
    expect(
      (await app.request(`/api/weekly-sheets/${sheet.id}`, json(t.token, undefined, 'DELETE'))).status,
    ).toBe(200);
    expect(
      (await app.request(`/api/weekly-sheets/${sheet.id}`, json(t.token, undefined, 'GET'))).status,
    ).toBe(404);

    const processed = await generate(t);
    await app.request(`/api/process-weekly-sheet/${processed.id}`, json(t.token));
    const refused = await app.request(
      `/api/weekly-sheets/${processed.id}`,
      json(t.token, undefined, 'DELETE'),
    );
    expect(refused.status).toBe(409);
    const put = await app.request(
      `/api/weekly-sheets/${processed.id}`,
      json(t.token, { coverageWeek: '2026-02-02' }, 'PUT'),
    );
    expect(put.status).toBe(409);
  });

  test('otra cuenta recibe 404 en cada ruta y un cobrador 403 donde no puede', async () => {
    const t = await sheetTenant(sql, app);
    await t.loan({ dueThisWeek: 1 });
    const sheet = await generate(t);
    const other = await sheetTenant(sql, app);
    const get = (path: string, token: string) => app.request(path, json(token, undefined, 'GET'));
    for (const path of [
      `/api/weekly-sheets/${sheet.id}`,
      `/api/weekly-sheets/${sheet.id}/status`,
      `/api/weekly-sheets/${sheet.id}/file`,
      `/api/loans-weekly-sheets?weeklySheetId=${sheet.id}`,
    ])
      expect((await get(path, other.token)).status).toBe(404);
    expect((await app.request(`/api/process-weekly-sheet/${sheet.id}`, json(other.token))).status).toBe(404);
    expect(
      (await app.request(`/api/weekly-sheets/${sheet.id}`, json(other.token, undefined, 'DELETE'))).status,
    ).toBe(404);
    expect(
      (
        await app.request(
          `/api/weekly-sheets/${sheet.id}`,
          json(other.token, { coverageWeek: '2026-02-02' }, 'PUT'),
        )
      ).status,
    ).toBe(404);

    const cobrador = await createTenant(sql, { permissions: COBRADOR });
    const token = await loginToken(app, cobrador);
    expect((await app.request('/api/process-weekly-sheet/1', json(token))).status).toBe(403);
    expect((await app.request('/api/weekly-sheets/1', json(token, undefined, 'DELETE'))).status).toBe(403);
    expect(
      (await app.request('/api/weekly-sheets/1', json(token, { coverageWeek: '2026-02-02' }, 'PUT'))).status,
    ).toBe(403);
    expect((await get('/api/weekly-sheets', token)).status).toBe(200);
    expect((await app.request('/api/weekly-sheets/1')).status).toBe(401);
    expect((await get('/api/loans-weekly-sheets?weeklySheetId=abc', t.token)).status).toBe(400);
    expect((await get('/api/weekly-sheets?processed=quizas', t.token)).status).toBe(400);
  });
});
