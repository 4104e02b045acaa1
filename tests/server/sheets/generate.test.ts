import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { addDays } from '../../../shared/dates';
import type { GenerateSheetResponse, SheetLoan, WeeklySheet } from '../../../shared/sheets/types';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { pullAll } from '../sync/helpers';
import { COBRADOR, json, sheetTenant } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

describe('POST /api/hoja-de-cobro', () => {
  test('toma la fila de la semana y los atrasos de cada préstamo no pagado; deja fuera lo que no debe nada', async () => {
    const t = await sheetTenant(sql, app);
    // 7,000 at 20 % in 14 payments: abono 600.
    const upToDate = await t.loan({
      dueThisWeek: 3,
      rows: [{ pagada: true }, { pagada: true }],
      nombre: 'Ana',
    });
    const late = await t.loan({ dueThisWeek: 3, rows: [{ pagada: true }, { parcial: 100 }], nombre: 'Beto' });
    const fresh = await t.loan({ dueThisWeek: 0, nombre: 'Carla' });
    const res = await app.request(
      '/api/hoja-de-cobro',
      json(t.token, {
        municipalityId: t.municipalityId,
        coverageWeek: addDays(t.week.coverageWeek, 2),
        paymentId: 1,
      }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as GenerateSheetResponse;
    expect(body).toMatchObject({ refreshed: false, message: 'Hoja de cobro generada exitosamente' });
    expect(body.data).toMatchObject({
      coverage_week: t.week.coverageWeek,
      coverage_week_end: t.week.coverageWeekEnd,
      week: t.week.week,
      processed: false,
      monto_esperado: 600 + 500 + 600,
      loans_count: 2,
      url: `/api/weekly-sheets/${body.data.id}/file`,
    });
    const loans = (await (
      await app.request(
        `/api/loans-weekly-sheets?weeklySheetId=${body.data.id}`,
        json(t.token, undefined, 'GET'),
      )
    ).json()) as { data: SheetLoan[] };
    expect(loans.data.map((l) => l.loan_id)).toEqual([upToDate.id, late.id]);
    expect(loans.data[1]).toMatchObject({
      amortization_id: late.amortizationIds[2],
      arrears_amortization_ids: [late.amortizationIds[1]],
      monto_esperado: 1100,
      cobrado_previo: 700,
    });
    expect(loans.data.some((l) => l.loan_id === fresh.id)).toBe(false);
  });

  test('cada préstamo lleva su lugar en la ruta (grupo, cliente en orden español) y el teléfono lo recibe', async () => {
    const t = await sheetTenant(sql, app);
    const route = [
      await t.loan({ dueThisWeek: 2, grupo: 2, nombre: 'Ana Ruiz' }),
      await t.loan({ dueThisWeek: 2, grupo: 1, nombre: 'Óscar Núñez' }),
      await t.loan({ dueThisWeek: 2, grupo: 1, nombre: 'Ñandú Pérez' }),
      await t.loan({ dueThisWeek: 2, grupo: 1, nombre: 'beatriz soto' }),
    ];
    const walked = [route[3]!, route[2]!, route[1]!, route[0]!];
    const sheet = (await (
      await app.request('/api/hoja-de-cobro', json(t.token, { municipalityId: t.municipalityId }))
    ).json()) as GenerateSheetResponse;
    const pulled = (await pullAll(app, t.token, randomUUID()))
      .flatMap((p) => p.changes.weekly_sheet_loans)
      .filter((s) => s.weekly_sheet_id === sheet.data.id)
      .sort((a, b) => a.orden_ruta - b.orden_ruta);
    expect(pulled.map((s) => s.loan_id)).toEqual(walked.map((l) => l.id));
    expect(pulled.map((s) => s.orden_ruta)).toEqual([0, 1, 2, 3]);
    expect(pulled[0]).toMatchObject({ grupo: 1, client_nombre: 'beatriz soto' });
    expect(pulled[3]).toMatchObject({ grupo: 2, client_nombre: 'Ana Ruiz' });
    expect(pulled[3]!.loan_reference).toMatch(/^PR-/);
    expect(typeof pulled[3]!.client_id).toBe('number');
  });

  test('generar otra vez una hoja sin procesar la actualiza; una procesada responde 409', async () => {
    const t = await sheetTenant(sql, app);
    const a = await t.loan({ dueThisWeek: 2, rows: [{ pagada: true }] });
    const first = (await (
      await app.request('/api/hoja-de-cobro', json(t.token, { municipalityId: t.municipalityId }))
    ).json()) as GenerateSheetResponse;
    await sql`update amortizations set pagada = true, fecha_pagada = current_date where id = ${a.amortizationIds[1]!}`;
    const again = await app.request(
      '/api/hoja-de-cobro',
      json(t.token, { municipalityId: t.municipalityId }),
    );
    expect(again.status).toBe(200);
    const refreshed = (await again.json()) as GenerateSheetResponse;
    expect(refreshed).toMatchObject({
      refreshed: true,
      data: { id: first.data.id, monto_esperado: 0, loans_count: 0 },
    });

    await app.request(`/api/process-weekly-sheet/${first.data.id}`, json(t.token));
    const third = await app.request(
      '/api/hoja-de-cobro',
      json(t.token, { municipalityId: t.municipalityId }),
    );
    expect(third.status).toBe(409);
    expect(((await third.json()) as { error: string }).error).toMatch(/ya fue procesada/);
  });

  test('dos generaciones a la vez de la misma semana dejan una sola hoja', async () => {
    const t = await sheetTenant(sql, app);
    await t.loan({ dueThisWeek: 1 });
    const results = await Promise.all(
      [1, 2].map(() =>
        app.request('/api/hoja-de-cobro', json(t.token, { municipalityId: t.municipalityId })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const list = (await (
      await app.request('/api/weekly-sheets', json(t.token, undefined, 'GET'))
    ).json()) as { data: WeeklySheet[] };
    expect(list.data).toHaveLength(1);
  });

  test('mensajes de docs/producto.md §5, municipio de otra cuenta 404, cobrador 403', async () => {
    const t = await sheetTenant(sql, app);
    const empty = await app.request('/api/hoja-de-cobro', json(t.token, { coverageWeek: '' }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: 'El municipio es requerido',
      details: {
        municipalityId: 'El municipio es requerido',
        coverageWeek: 'La fecha de cobertura es requerida',
      },
    });
    const other = await sheetTenant(sql, app);
    const foreign = await app.request(
      '/api/hoja-de-cobro',
      json(t.token, { municipalityId: other.municipalityId }),
    );
    expect(foreign.status).toBe(404);
    const cobrador = await createTenant(sql, { permissions: COBRADOR });
    const token = await loginToken(app, cobrador);
    const refused = await app.request('/api/hoja-de-cobro', json(token, { municipalityId: 1 }));
    expect(refused.status).toBe(403);
    const week = await app.request(
      `/api/coverage-week?municipalityId=${t.municipalityId}`,
      json(t.token, undefined, 'GET'),
    );
    expect(await week.json()).toMatchObject({ coverageWeek: t.week.coverageWeek, week: t.week.week });
    const bad = await app.request('/api/coverage-week?municipalityId=abc', json(t.token, undefined, 'GET'));
    expect(bad.status).toBe(400);
  });
});
