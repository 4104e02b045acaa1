// Issue 28 item 1: a user limited to some municipalities (DESIGN §9) sees only those, on every route of the router.
// A COBRADOR and a CAPTURISTA of account A, both limited to A's first town, attack a second town of the same
// account: its ids in every path, query, body and sync mutation must be answered exactly as an id no row has
// (status and body), show nothing of the town and change nothing; every list, total, file and sync page they read
// with their own ids must leave the town out; and the report figures they read must be those the account's
// administrator read before the second town existed. Each check collects every failure before it fails, so one
// run lists every leak.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/errors';
import { SEEDED_ROLES } from '../../../shared/permissions';
import type { PullResponse, PushResponse } from '../../../shared/sync/types';
import { send } from '../catalog/helpers';
import { connectTestSql, testApp } from '../helpers/test-db';
import { changedTables, digest } from './digest';
import { clip, responseText } from './inspect';
import {
  dotPath,
  type FieldPath,
  fieldName,
  idFields,
  missingIds,
  pathWith,
  probeIds,
  replaceAt,
  requestOf,
  withQuery,
} from './requests';
import { type ApiRoute, apiRoutes, KINDS, type Kind, PUBLIC_ROUTES, paramKind } from './routes';
import { addLimitedUser, newTown, TOWN_KINDS, type Town, townMarker, versionOf } from './town-world';
import { type Actor, buildWorld, type Ids, ownIds, TODAY, type World } from './world';

const sql = connectTestSql();
const app = testApp(sql);
const routes = apiRoutes(app);
const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(r.key));
const gets = guarded.filter((r) => r.method === 'GET');

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

interface Answer {
  status: number;
  text: string;
  binary: boolean;
}

interface Limited {
  /** Limited to A's first town. */
  actor: Actor;
  /** A user of the same permissions with every town: what the role may call at all. */
  control: Actor;
}

const LIMITED = ['cobrador', 'capturista'] as const;
type LimitedName = (typeof LIMITED)[number];

let A: World;
let town: Town;
const marker = townMarker();
const users = {} as Record<LimitedName, Limited>;
/** Report answers taken before the second town existed: the administrator's, and each limited user's. */
const adminBefore = new Map<string, Answer>();
const limitedBefore = new Map<string, Answer>();

async function call(
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const res = await send(app, method, path, token, method === 'GET' ? undefined : body);
  return { status: res.status, ...(await responseText(res)) };
}

const routeOf = (key: string) => {
  const route = routes.find((r) => r.key === key);
  if (!route) throw new Error(`${key} no está en el router`);
  return route;
};

/** The route's first valid request for `ids` (path, query and body). */
function validRequest(route: ApiRoute, ids: Ids, bodyIndex = 0) {
  const entry = requestOf(route);
  return {
    path: withQuery(pathWith(route, ids), entry.query?.(ids)),
    body: entry.bodies?.[bodyIndex]?.(ids),
  };
}

const errorOf = (answer: Answer): Partial<ErrorBody> => {
  try {
    return JSON.parse(answer.text) as ErrorBody;
  } catch {
    return {};
  }
};

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** The town's ids with a new sync device on each read, like ownIds. */
function townIds(): Ids {
  const ids = { ...town.ids };
  Object.defineProperty(ids, 'device', { get: () => crypto.randomUUID(), enumerable: true });
  return ids;
}

/**
 * A refusal that changed a row has changed the town too (a client moved, a sheet deleted): the rest of the run
 * attacks a new town, so one leak cannot hide the next. A's own clients go back to A's first town.
 */
async function afterChange() {
  await sql`update clients set municipality_id = ${A.ids.municipality}
    where account_id = ${A.accountId}
      and (id = any(${[Number(A.ids.client), Number(A.ids.freeClient)]}::bigint[])
        or id = (select client_id from loans where id = ${A.ids.editableLoan}))`;
  town = await newTown(sql, app, A, marker);
}

beforeAll(async () => {
  A = await buildWorld(sql, app, 'A');
  const mine = [Number(A.ids.municipality)];
  const [cobrador, capturista, capturistaControl] = await Promise.all([
    addLimitedUser(sql, app, A, 'COBRADOR LIMITADO', SEEDED_ROLES.COBRADOR, mine),
    addLimitedUser(sql, app, A, 'CAPTURISTA LIMITADA', SEEDED_ROLES.CAPTURISTA, mine),
    addLimitedUser(sql, app, A, 'CAPTURISTA', SEEDED_ROLES.CAPTURISTA, null),
  ]);
  users.cobrador = { actor: cobrador, control: A.cobrador };
  users.capturista = { actor: capturista, control: capturistaControl };

  // The reports before the second town: what a limited user must still read once it exists.
  for (const key of TOTALS) {
    const { path } = validRequest(routeOf(key), ownIds(A));
    adminBefore.set(key, await call(A.admin.token, 'GET', path));
    for (const name of LIMITED)
      limitedBefore.set(`${name} ${key}`, await call(users[name].actor.token, 'GET', path));
  }
  town = await newTown(sql, app, A, marker);
}, 60_000);

/** Why `foreign` (an answer to the town's ids) differs from `missing` (to ids no row has), or null. */
function distinguishable(foreign: Answer, missing: Answer, echoed: string[] = []): string | null {
  const echo = (text: string) =>
    echoed.reduce((t, key) => t.replace(new RegExp(`"${key}":("?)[^",}]*\\1`, 'g'), `"${key}":<id>`), text);
  if (foreign.status === missing.status && echo(foreign.text) === echo(missing.text)) return null;
  return `${foreign.status}, distinta de la de un id inexistente (${missing.status} ${clip(missing.text, 100)})`;
}

const shows = (answer: Answer) => answer.text.includes(marker);

/** The answer's text around the town's marker (its beginning when the marker is not there). */
function excerpt(answer: Answer, max = 160) {
  const at = answer.text.indexOf(marker);
  if (at < 0) return clip(answer.text, max);
  const from = Math.max(0, at - max / 2);
  return `${from > 0 ? '…' : ''}${clip(answer.text.slice(from), max)}`.replace(/\s+/g, ' ');
}

/** 403/404 with nothing of the town in it. */
function pathRefusal(answer: Answer): string | null {
  if (shows(answer)) return `${answer.status} muestra datos del otro pueblo`;
  if (answer.status === 403 || answer.status === 404) return null;
  return `status ${answer.status} (no es 403 ni 404)`;
}

/** 403/404, a 400 naming one of `paths`, a documented extra, or (GET) a 200 that shows nothing of the town. */
function fieldRefusal(
  route: ApiRoute,
  answer: Answer,
  paths: FieldPath[],
  extraStatus: number[] = [],
): string | null {
  if (shows(answer)) return `${answer.status} muestra datos del otro pueblo`;
  if (answer.status === 403 || answer.status === 404 || extraStatus.includes(answer.status)) return null;
  if (route.method === 'GET' && answer.status === 200) return null;
  if (answer.status === 400) {
    const keys = Object.keys(errorOf(answer).details ?? {});
    const last = (k: string) =>
      k
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .at(-1);
    const named = keys.some((k) =>
      paths.some((p) => k === dotPath(p) || k === fieldName(p) || last(k) === last(fieldName(p))),
    );
    return named ? null : `400 sin nombrar ${paths.map(dotPath).join(', ')}`;
  }
  return `status ${answer.status} (no es 403 ni 404)`;
}

/** As in the attack suite: a renewal's previous_loan_id that is not the client's open loan is a 409. */
const CONFLICT_FIELDS = new Set(['POST /api/save-loan previous_loan_id']);

/** The tables a push may change while refusing every mutation: the pushing device's own bookkeeping. */
const PUSH_BOOKKEEPING = ['sync_clients', 'sync_mutation_results'];

/** Reads first, then writes, deletions last: a refused deletion that went through is caught before it hides more. */
const byRisk = (list: ApiRoute[]) => {
  const rank = (r: ApiRoute) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b));
};

/** The route's valid query without its town filters (a list's town, client, loan or sheet), for `ids`. */
function withoutTownFilters(route: ApiRoute, ids: Ids) {
  const probe = probeIds();
  const query = requestOf(route).query;
  const fields = new Set(
    idFields(query?.(probe) ?? {}, probe)
      .filter((f) => TOWN_KINDS.has(f.kind))
      .map((f) => String(f.path[0])),
  );
  return Object.fromEntries(Object.entries(query?.(ids) ?? {}).filter(([key]) => !fields.has(key)));
}

/** The valid query, then the same without town filters when it has any. */
function queriesOf(route: ApiRoute, ids: Ids) {
  const full = requestOf(route).query?.(ids) ?? {};
  const bare = withoutTownFilters(route, ids);
  return Object.keys(bare).length === Object.keys(full).length ? [full] : [full, bare];
}

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

/** The limited users, in the order the checks run. */
const limitedUsers = () => LIMITED.map((name) => users[name]);

describe('the fixture', () => {
  it('the route lists hold and the town kinds are kinds', () => {
    expect([...TOWN_KINDS].filter((k) => !(KINDS as readonly string[]).includes(k))).toEqual([]);
    expect(TOTALS.filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
    for (const route of routes)
      for (const param of route.params) paramKind(route, param, requestOf(route).params);
  });

  it('the other town’s ids are real: the account’s administrator reads them, marker and all', async () => {
    const failures: string[] = [];
    for (const route of gets.filter((r) => r.params.length > 0)) {
      const entry = requestOf(route);
      if (!route.params.some((p) => TOWN_KINDS.has(paramKind(route, p, entry.params)))) continue;
      const answer = await call(A.superAdmin.token, 'GET', validRequest(route, townIds()).path);
      if (answer.status !== 200) failures.push(`${route.key} → ${answer.status} ${clip(answer.text)}`);
    }
    const clients = await call(
      A.superAdmin.token,
      'GET',
      `/api/clients?municipalityId=${town.ids.municipality}`,
    );
    if (!shows(clients)) failures.push(`GET /api/clients del pueblo sin la marca: ${clip(clients.text)}`);
    expect(failures).toEqual([]);
  });

  it('the limited users are limited to A’s first town', async () => {
    const list = await call(A.superAdmin.token, 'GET', '/api/list-users');
    const rows = (JSON.parse(list.text) as { data: { id: number; municipios: number[] | null }[] }).data;
    for (const { actor } of limitedUsers())
      expect(rows.find((u) => u.id === actor.userId)?.municipios).toEqual([A.ids.municipality]);
  });
});

describe('lists, totals, files and sync pages with the user’s own ids', () => {
  it.each(LIMITED)(
    'show nothing of the other town to the %s, and its own requests work',
    async (name) => {
      const user = users[name];
      const failures: string[] = [];
      let read = 0;
      for (const route of gets) {
        const own = ownIds(A);
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
          if (shows(answer))
            failures.push(`GET ${url} → ${answer.status} muestra datos del otro pueblo: ${excerpt(answer)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(read).toBeGreaterThan(name === 'cobrador' ? 15 : 40);
    },
    60_000,
  );

  it.each(LIMITED)('sync pull pages show nothing of the other town to the %s', async (name) => {
    const user = users[name];
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
      if (shows(answer)) failures.push(`POST /api/sync/pull página ${pages} → muestra datos del otro pueblo`);
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

  it.each(LIMITED)('report figures are those of the %s’s own town alone', async (name) => {
    const user = users[name];
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

describe('the other town’s ids', () => {
  it.each(LIMITED)(
    'in the path: the %s gets what a missing id gets, nothing shown, nothing changed',
    async (name) => {
      const user = users[name];
      const failures: string[] = [];
      let attacked = 0;
      for (const route of byRisk(guarded.filter((r) => r.params.length > 0))) {
        const entry = requestOf(route);
        const townParams = route.params.filter((p) => TOWN_KINDS.has(paramKind(route, p, entry.params)));
        if (townParams.length === 0) continue;
        // Every town parameter the town's, then each alone (the town's amortization under one's own loan).
        const variants = [townParams, ...(townParams.length > 1 ? townParams.map((p) => [p]) : [])];
        for (const foreign of variants) {
          const own = ownIds(A);
          const pathOf = (ids: Ids) =>
            withQuery(
              pathWith(
                route,
                own,
                Object.fromEntries(foreign.map((p) => [p, ids[paramKind(route, p, entry.params)]])),
              ),
              entry.query?.(own),
            );
          const body = entry.bodies?.[0]?.(own);
          const label = `${route.key} con ${foreign.join(', ')} del otro pueblo`;
          const before = await digest(sql, [A.accountId]);
          const answer = await call(user.actor.token, route.method, pathOf(townIds()), body);
          const twin = await call(user.actor.token, route.method, pathOf(missingIds()), body);
          attacked++;
          const problem = pathRefusal(answer) ?? distinguishable(answer, twin);
          if (problem) failures.push(`${label} → ${problem}: ${excerpt(answer)}`);
          const changed = changedTables(before, await digest(sql, [A.accountId]));
          if (changed.length > 0) {
            failures.push(`${label} cambió ${changed.join(', ')}`);
            await afterChange();
          }
        }
      }
      expect(failures).toEqual([]);
      expect(attacked).toBeGreaterThan(20);
    },
    60_000,
  );

  it.each(LIMITED)(
    'in query filters: the %s gets what a missing id gets, nothing shown',
    async (name) => {
      const user = users[name];
      const probe = probeIds();
      // Filters any list might read: tried on every GET, so a new list route is attacked without an entry.
      const commonQuery: Record<string, Kind> = {
        municipalityId: 'municipality',
        municipality_id: 'municipality',
        clientId: 'client',
        loanId: 'loan',
        weeklySheetId: 'sheet',
      };
      const failures: string[] = [];
      let attacked = 0;
      for (const route of gets) {
        const entry = requestOf(route);
        const own = ownIds(A);
        const path = pathWith(route, own);
        const fromEntry = idFields(entry.query?.(probe) ?? {}, probe)
          .filter((f) => TOWN_KINDS.has(f.kind))
          .map((f) => [String(f.path[0]), f.kind] as [string, Kind]);
        const params = new Map<string, Kind>([...Object.entries(commonQuery), ...fromEntry]);
        const ownFilters = new Set(fromEntry.map(([param]) => param));
        const tried = new Set<string>();
        for (const [param, kind] of params) {
          // With the rest of the valid query (one's own town beside the town's client), then, for the route's own
          // filters, without its other town filters (the town's client alone): a filter that narrows to nothing
          // hides no leak.
          const rests = ownFilters.has(param) ? queriesOf(route, own) : queriesOf(route, own).slice(0, 1);
          for (const rest of rests) {
            const key = withQuery('', { ...rest, [param]: '' });
            if (tried.has(key)) continue;
            tried.add(key);
            const answer = await call(
              user.actor.token,
              'GET',
              withQuery(path, { ...rest, [param]: town.ids[kind] }),
            );
            const twin = await call(
              user.actor.token,
              'GET',
              withQuery(path, { ...rest, [param]: missingIds()[kind] }),
            );
            attacked++;
            // A list that shows the town whatever the filter says: its own leak, listed by the lists' check.
            if (shows(twin) && !distinguishable(answer, twin, [param])) continue;
            const problem = fieldRefusal(route, answer, [[param]]) ?? distinguishable(answer, twin, [param]);
            const shown = Object.entries({ ...rest, [param]: `<${kind} del otro pueblo>` })
              .map(([k, v]) => `${k}=${v}`)
              .join('&');
            if (problem) failures.push(`${route.key}?${shown} → ${problem}: ${excerpt(answer)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(attacked).toBeGreaterThan(100);
    },
    60_000,
  );

  it.each(LIMITED)(
    'in bodies: the %s gets what a missing id gets, nothing shown, nothing changed',
    async (name) => {
      const user = users[name];
      const probe = probeIds();
      const failures: string[] = [];
      let attacked = 0;
      for (const route of byRisk(guarded.filter((r) => r.method !== 'GET'))) {
        const entry = requestOf(route);
        const isPush = route.key === 'POST /api/sync/push';
        for (const [index, build] of (entry.bodies ?? []).entries()) {
          const fields = idFields(build(probe), probe).filter((f) => TOWN_KINDS.has(f.kind));
          const variants = [...fields.map((f) => [f]), ...(fields.length > 1 ? [fields] : [])];
          for (const foreign of variants) {
            const own = ownIds(A);
            const path = pathWith(route, own);
            // Built for each call: a push's device is a new one each time (no replays).
            const bodyWith = (ids: Ids) =>
              foreign.reduce((b, { path: field, kind }) => replaceAt(b, field, ids[kind]), build(own));
            const label = `${route.key} #${index} ${foreign.map((f) => `${dotPath(f.path)}=<${f.kind} del otro pueblo>`).join(' ')}`;
            const before = await digest(sql, [A.accountId]);
            const answer = await call(user.actor.token, route.method, path, bodyWith(townIds()));
            const twin = await call(user.actor.token, route.method, path, bodyWith(missingIds()));
            attacked++;
            let problem: string | null;
            if (isPush && answer.status === 200) {
              const { results } = JSON.parse(answer.text) as PushResponse;
              const applied = results.filter((r) => r.status !== 'rejected');
              problem = applied.length > 0 ? 'mutación no rechazada' : null;
              if (shows(answer)) problem = 'muestra datos del otro pueblo';
            } else {
              const paths = foreign.map((f) => f.path);
              const documented = paths.some((p) => CONFLICT_FIELDS.has(`${route.key} ${fieldName(p)}`));
              problem = fieldRefusal(route, answer, paths, documented ? [409] : []);
            }
            if (!problem) problem = distinguishable(answer, twin);
            if (problem) failures.push(`${label} → ${problem}: ${excerpt(answer)}`);
            const changed = changedTables(
              before,
              await digest(sql, [A.accountId]),
              isPush ? PUSH_BOOKKEEPING : [],
            );
            if (changed.length > 0) {
              failures.push(`${label} cambió ${changed.join(', ')}`);
              await afterChange();
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(attacked).toBeGreaterThan(10);
    },
    60_000,
  );

  it.each(LIMITED)(
    'in every sync mutation: the %s’s push is rejected as for a missing loan or payment',
    async (name) => {
      const user = users[name];
      const failures: string[] = [];
      const mutation = (mutationName: string, args: Record<string, unknown>) => ({
        id: 1,
        name: mutationName,
        args: { receiptId: crypto.randomUUID(), ...args },
        clientTime: new Date().toISOString(),
      });
      // What the town's own collector could push: each names the town's loan, row or payment.
      interface Target {
        loan: unknown;
        row: unknown;
        payment: string;
        baseVersion: number;
      }
      const attacks: [string, (t: Target) => unknown][] = [
        ['payment.record', (t) => mutation('payment.record', { loanId: t.loan, amount: 50, fecha: TODAY })],
        [
          'payment.correct',
          (t) =>
            mutation('payment.correct', { paymentReceiptId: t.payment, amount: 40, reason: 'Corrección' }),
        ],
        [
          'amortization.update',
          (t) =>
            mutation('amortization.update', {
              loanId: t.loan,
              amortizationId: t.row,
              baseVersion: t.baseVersion,
              pagada: true,
            }),
        ],
        [
          'visit.create',
          (t) => mutation('visit.create', { loanId: t.loan, fecha: TODAY, motivo: 'NO_ESTABA' }),
        ],
      ];
      for (const [label, build] of attacks) {
        // The row's current version: were the town's row reachable, the update would apply.
        const baseVersion = await versionOf(sql, Number(town.ids.amortization));
        const missing = missingIds();
        const push = (t: Target) =>
          call(user.actor.token, 'POST', '/api/sync/push', {
            clientId: crypto.randomUUID(),
            mutations: [build(t)],
          });
        const before = await digest(sql, [A.accountId]);
        const answer = await push({
          loan: town.ids.loan,
          row: town.ids.amortization,
          payment: town.paymentReceiptId,
          baseVersion,
        });
        const twin = await push({
          loan: missing.loan,
          row: missing.amortization,
          payment: crypto.randomUUID(),
          baseVersion,
        });
        let problem: string | null = null;
        if (answer.status !== 200) problem = `status ${answer.status}`;
        else {
          const { results } = JSON.parse(answer.text) as PushResponse;
          if (results.some((r) => r.status !== 'rejected')) problem = 'mutación no rechazada';
        }
        if (shows(answer)) problem = 'muestra datos del otro pueblo';
        problem ??= distinguishable(answer, twin);
        if (problem)
          failures.push(`POST /api/sync/push ${label} del otro pueblo → ${problem}: ${answer.text}`);
        const changed = changedTables(before, await digest(sql, [A.accountId]), PUSH_BOOKKEEPING);
        if (changed.length > 0) {
          failures.push(`POST /api/sync/push ${label} del otro pueblo cambió ${changed.join(', ')}`);
          await afterChange();
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

describe('the limited users’ own writes', () => {
  it.each(LIMITED)(
    'go through for the %s wherever its role lets them (or are refused as its unlimited twin is)',
    async (name) => {
      // Last, since they change A. Deletions go after the rest, so the rows the others name still exist. A refusal
      // of one's own town is a failure when the same request by a user of the same role with every town passes.
      const user = users[name];
      const failures: string[] = [];
      for (const route of byRisk(guarded.filter((r) => r.method !== 'GET'))) {
        const count = Math.max(1, requestOf(route).bodies?.length ?? 0);
        for (let i = 0; i < count; i++) {
          const { path, body } = validRequest(route, ownIds(A), i);
          const answer = await call(user.actor.token, route.method, path, body);
          if (answer.status < 400 || answer.status === 409) continue;
          const control = await call(
            user.control.token,
            route.method,
            path,
            validRequest(route, ownIds(A), i).body,
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
