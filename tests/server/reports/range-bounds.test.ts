// Every report range — one date, two, none — is bounded before any query (docs/reglas-del-negocio.md §8.1), and
// a date outside 2000–2099 is a 400 in Spanish: a far date alone must not hold the server nor answer 500
// (decision 008).
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../../shared/dates';
import { reportMessages as m } from '../../../shared/reports/messages';
import { resolveReportRange } from '../../../shared/reports/schemas';
import { connectTestSql, createTenant, getJson, loginToken, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);
const today = businessToday('America/Mexico_City');

const REPORTS = [
  '/api/resumen_creditos_cobros',
  '/api/resumen_creditos_cobros/file',
  '/api/estado-resultados',
  '/api/estado-resultados/file',
  '/api/reporte-cartera',
  '/api/reporte-cartera/file',
  '/api/list-egresos',
  '/api/list-egresos/file',
  '/api/list-inversiones',
  '/api/list-inversiones/file',
  '/api/cortes',
  '/api/cortes/file',
];

describe('report ranges: bounded before any query', () => {
  it('each report refuses out-of-range dates and unbounded one-sided ranges in Spanish, and answers bounded ones', async () => {
    const token = await loginToken(app, await createTenant(sql));
    const refused: [string, string][] = [
      ['fechaFin=9998-12-31', m.fechaFueraDeRango],
      ['fechaFin=9999-12-31', m.fechaFueraDeRango],
      ['fechaInicio=1970-01-01', m.fechaFueraDeRango],
      ['fechaFin=2099-12-31', m.rangoMuyLargo],
      ['fechaInicio=2000-01-01', m.rangoMuyLargo],
      ['fechaFin=2001-01-01', m.rangoInvertido],
    ];
    for (const path of REPORTS) {
      for (const [query, message] of refused) {
        const res = await getJson(app, `${path}?${query}`, token);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(((await res.json()) as { error: string }).error, `${path}?${query}`).toBe(message);
      }
      for (const query of ['', `fechaInicio=${addDays(today, -300)}`, `fechaFin=${addDays(today, 40)}`]) {
        const res = await getJson(app, `${path}?${query}`, token);
        expect(res.status, `${path}?${query}`).toBe(200);
      }
    }
  });

  it('the town detail refuses a week outside 2000–2099', async () => {
    const token = await loginToken(app, await createTenant(sql));
    const res = await getJson(app, '/api/resumen_creditos_cobros_municipio?fecha=9999-12-31', token);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(m.fechaFueraDeRango);
  });
});

describe('resolveReportRange (shared): the rule both dates and one date obey', () => {
  const month = { from: '2026-11-01', to: '2026-11-30' };
  it('fills a missing date from the fallback, then bounds the result', () => {
    expect(resolveReportRange({}, month)).toEqual({ ok: true, ...month });
    expect(resolveReportRange({ fechaInicio: '2026-01-01' }, month)).toEqual({
      ok: true,
      from: '2026-01-01',
      to: '2026-11-30',
    });
    expect(resolveReportRange({ fechaFin: '2026-10-15' }, month)).toEqual({
      ok: false,
      message: m.rangoInvertido,
    });
    expect(resolveReportRange({ fechaInicio: '2021-11-01' }, month)).toEqual({
      ok: false,
      message: m.rangoMuyLargo,
    });
  });
});
