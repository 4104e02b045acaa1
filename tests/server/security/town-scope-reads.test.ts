// A user limited to some municipalities (docs/reglas-del-negocio.md §11, decision 022) sees only those, on
// every route of the router.
// A COBRADOR and a CAPTURISTA of account A, both limited to A's first town, read with their own ids while a second
// town of the same account exists: every list, total, file and sync page must leave the town out, and the report
// figures they read must be those the account's administrator read before the second town existed; their own
// requests work wherever their role lets them. (The town's ids aimed at them: town-scope-ids.test.ts.) Each check
// collects every failure before it fails, so one run lists every leak.
import { describe, expect } from 'vitest';
import type { PullResponse } from '../../../shared/sync/types';
import { type Answer, shows } from './answers';
import { clip } from './inspect';
import { pathWith, requestOf, validRequest, withQuery } from './requests';
import { byRisk, describeFixture, LIMITED, queriesOf, TownScope } from './town-scope';
import { ownIds } from './world';

/** The reports whose figures add up the account's towns (each also as a file). */
const TOTALS = [
  'GET /api/dashboard-resume',
  'GET /api/resumen_creditos_cobros',
  'GET /api/resumen_creditos_cobros/file',
  'GET /api/resumen_creditos_cobros_municipio',
  'GET /api/resumen_creditos_cobros_municipio/file',
  'GET /api/estado-resultados',
  'GET /api/estado-resultados/file',
  'GET /api/reporte-cartera',
  'GET /api/reporte-cartera/file',
];

const routeOf = (key: string) => {
  const route = scope.routes.find((r) => r.key === key);
  if (!route) throw new Error(`${key} no está en el router`);
  return route;
};

/** Report answers taken before the second town existed: the administrator's, and each limited user's. */
const adminBefore = new Map<string, Answer>();
const limitedBefore = new Map<string, Answer>();

const scope = new TownScope(async ({ A, users }) => {
  // The reports before the second town: what a limited user must still read once it exists.
  for (const key of TOTALS) {
    const { path } = validRequest(routeOf(key), ownIds(A));
    adminBefore.set(key, await call(A.admin.token, 'GET', path));
    for (const name of LIMITED)
      limitedBefore.set(`${name} ${key}`, await call(users[name].actor.token, 'GET', path));
  }
});
const { call } = scope;

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** What differs between two answers, briefly: the JSON leaves or the lines that are not the same. */
function difference(actual: Answer, expected: Answer): string {
  if (actual.status !== expected.status) return `status ${actual.status} (sin él: ${expected.status})`;
  const flat = (text: string) => {
    const out = new Map<string, string>();
    const walk = (node: unknown, path: string) => {
      if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
      else out.set(path, JSON.stringify(node));
    };
    walk(JSON.parse(text), '');
    return out;
  };
  let pairs: [string, string | undefined, string | undefined][];
  try {
    const [a, b] = [flat(actual.text), flat(expected.text)];
    pairs = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, a.get(k), b.get(k)]);
  } catch {
    const [a, b] = [actual.text.split('\n'), expected.text.split('\n')];
    pairs = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [`línea ${i + 1}`, a[i], b[i]]);
  }
  const differing = pairs.filter(([, a, b]) => a !== b);
  const shown = differing.slice(0, 5).map(([k, a, b]) => `${k}: ${a ?? '—'} (sin él: ${b ?? '—'})`);
  return [...shown, ...(differing.length > 5 ? [`y ${differing.length - 5} más`] : [])].join('; ');
}

describeFixture(scope, TOTALS);

describe('lists, totals, files and sync pages with the user’s own ids', () => {
  scope.eachLimited(
    'show nothing of the other town to the %s, and its own requests work',
    async (user, name) => {
      const failures: string[] = [];
      let read = 0;
      for (const route of scope.gets) {
        const own = ownIds(scope.A);
        const path = pathWith(route, own);
        for (const q of queriesOf(route, own)) {
          const url = withQuery(path, q);
          const control = await call(user.control.token, 'GET', url);
          // A route the role may not call at all: another check's business.
          if (control.status === 403) continue;
          const answer = await call(user.actor.token, 'GET', url);
          read++;
          if (ok(control) && !ok(answer))
            failures.push(`GET ${url} (la propia) → ${answer.status} ${clip(answer.text)}`);
          if (shows(answer, scope.other))
            failures.push(
              `GET ${url} → ${answer.status} muestra datos del otro pueblo: ${scope.excerpt(answer)}`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(read).toBeGreaterThan(name === 'cobrador' ? 15 : 40);
    },
    60_000,
  );

  scope.eachLimited('sync pull pages show nothing of the other town to the %s', async (user) => {
    const { town } = scope;
    const failures: string[] = [];
    const clientId = crypto.randomUUID();
    const townLoans = new Set(town.loanIds);
    const townClients = new Set(town.clientIds);
    const townMunicipality = Number(town.ids.municipality);
    let cursor: string | null = null;
    let pages = 0;
    let rows = 0;
    for (;;) {
      const answer = await call(user.actor.token, 'POST', '/api/sync/pull', {
        clientId,
        cursor,
        limit: 200,
        pagos: true,
      });
      if (answer.status !== 200) {
        failures.push(`POST /api/sync/pull → ${answer.status} ${clip(answer.text)}`);
        break;
      }
      pages++;
      if (shows(answer, scope.other))
        failures.push(`POST /api/sync/pull página ${pages} → muestra datos del otro pueblo`);
      const page = JSON.parse(answer.text) as PullResponse;
      const c = page.changes;
      rows += Object.values(c).reduce((n, list) => n + list.length, 0);
      const leaked = [
        ...c.municipalities.filter((m) => m.id === townMunicipality).map((m) => `municipalities ${m.id}`),
        ...c.clients
          .filter((x) => townClients.has(x.id) || x.municipality_id === townMunicipality)
          .map((x) => `clients ${x.id}`),
        ...c.loans.filter((l) => townLoans.has(l.id)).map((l) => `loans ${l.id}`),
        ...c.amortizations.filter((a) => townLoans.has(a.loan_id)).map((a) => `amortizations ${a.id}`),
        ...c.weekly_sheets
          .filter((s) => s.municipality_id === townMunicipality)
          .map((s) => `weekly_sheets ${s.id}`),
        ...c.weekly_sheet_loans
          .filter((s) => townLoans.has(s.loan_id))
          .map((s) => `weekly_sheet_loans ${s.id}`),
        ...c.visits.filter((v) => townLoans.has(v.loan_id)).map((v) => `visits ${v.id}`),
        ...c.payments.filter((p) => townLoans.has(p.loan_id)).map((p) => `payments ${p.id}`),
      ];
      if (leaked.length > 0)
        failures.push(`POST /api/sync/pull página ${pages} → filas del otro pueblo: ${leaked.join(', ')}`);
      if (!page.hasMore || pages >= 50) break;
      cursor = page.cursor;
    }
    expect(failures).toEqual([]);
    // The user's own town came down: the pull was not empty by mistake.
    expect(rows).toBeGreaterThan(5);
  });

  scope.eachLimited('report figures are those of the %s’s own town alone', async (user, name) => {
    const { A } = scope;
    const failures: string[] = [];
    const unchanged: string[] = [];
    for (const key of TOTALS) {
      const { path } = validRequest(routeOf(key), ownIds(A));
      const control = await call(user.control.token, 'GET', path);
      if (control.status === 403) continue;
      const expected = adminBefore.get(key)!;
      const before = limitedBefore.get(`${name} ${key}`)!;
      const answer = await call(user.actor.token, 'GET', path);
      // Without the town's money the administrator's figures would not change: the comparison would prove nothing.
      const adminNow = await call(A.admin.token, 'GET', path);
      if (adminNow.text === expected.text) unchanged.push(key);
      if (before.status !== expected.status || before.text !== expected.text)
        failures.push(
          `${key} → ya antes del otro pueblo, distinta de la del administrador: ${difference(before, expected)}`,
        );
      if (answer.status !== expected.status || answer.text !== expected.text)
        failures.push(`${key} → cuenta el otro pueblo: ${difference(answer, expected)}`);
    }
    expect(unchanged).toEqual([]);
    expect(failures).toEqual([]);
  });
});

describe('the limited users’ own writes', () => {
  scope.eachLimited(
    'go through for the %s wherever its role lets them (or are refused as its unlimited twin is)',
    async (user) => {
      // Last, since they change A. Deletions go after the rest, so the rows the others name still exist. A refusal
      // of one's own town is a failure when the same request by a user of the same role with every town passes.
      const failures: string[] = [];
      for (const route of byRisk(scope.guarded.filter((r) => r.method !== 'GET'))) {
        const count = Math.max(1, requestOf(route).bodies?.length ?? 0);
        for (let i = 0; i < count; i++) {
          const { path, body } = validRequest(route, ownIds(scope.A), i);
          const answer = await call(user.actor.token, route.method, path, body);
          if (answer.status < 400 || answer.status === 409) continue;
          const control = await call(
            user.control.token,
            route.method,
            path,
            validRequest(route, ownIds(scope.A), i).body,
          );
          if (control.status < 400 || control.status === 409)
            failures.push(
              `${route.key} #${i} (la propia) → ${answer.status} ${clip(answer.text, 160)} (sin límite: ${control.status})`,
            );
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
