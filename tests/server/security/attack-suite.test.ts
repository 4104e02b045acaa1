// Every route of the router, attacked with missing and forged tokens, a collector's token,
// and another account's ids in its path, query, body and sync mutations. A refusal is 401 (tokens), 403
// (permission, or another account's device or account_id), 404 (another account's row), or 400 VALIDATION
// whose details name the very field that carried the foreign id (a body's reference the server checks
// against the account: "El municipio no existe"). A GET filter may also answer 200 when the answer shows
// nothing of the other account. A push answers 200 with each foreign mutation 'rejected'. No refusal may
// change a row of either account, nor show the other account's marker anywhere in the answer, and each must
// be the very answer (status and body) the same request gets with an id no account has: otherwise it tells
// that the other account's row exists.
import { beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../../shared/messages';
import { connectTestSql, testApp } from '../helpers/test-db';
import { bodyAims, paramVariants, pathAiming, queryFilters } from './aims';
import {
  allowedChanges,
  bodyRefusal,
  caller,
  distinguishable,
  errorOf,
  fieldRefusal,
  type Other,
  pathRefusal,
} from './answers';
import { changedTables, digest } from './digest';
import { forgeries } from './forged-tokens';
import { clip } from './inspect';
import { missingIds, pathWith, REQUESTS, requestOf, validRequest, withQuery } from './requests';
import { apiRoutes, COBRADOR_ALLOWED, PUBLIC_ROUTES, paramKind } from './routes';
import { addUser, buildWorld, ownIds, type World } from './world';

const sql = connectTestSql();
const app = testApp(sql);
const routes = apiRoutes(app);
const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(r.key));
const call = caller(app);

let A: World;
let B: World;

beforeAll(async () => {
  [A, B] = await Promise.all([buildWorld(sql, app, 'A'), buildWorld(sql, app, 'B')]);
}, 60_000);

const accounts = () => [A.accountId, B.accountId];
/** B, whose rows A's administrator aims at. */
const theOther = (): Other => ({ marker: B.marker, whose: 'de la otra cuenta' });

describe('the route lists of the suite', () => {
  it('agree with the router', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect(routes.length).toBeGreaterThan(50);
    expect([...PUBLIC_ROUTES].filter((k) => !keys.has(k))).toEqual([]);
    expect([...COBRADOR_ALLOWED].filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(REQUESTS).filter((k) => !keys.has(k))).toEqual([]);
    // A route that takes a body and has no valid request, or a parameter without a kind, throws here.
    for (const route of routes) {
      requestOf(route);
      for (const param of route.params) paramKind(route, param, requestOf(route).params);
    }
  });
});

describe('tokens', () => {
  it('every authenticated route answers 401 to a missing, forged, expired or deleted user’s token and changes nothing', async () => {
    // Users with the administrator's role, signed in, then deleted: through the API and in the database.
    const viaApi = await addUser(sql, app, A.accountId, A.adminRole, 'Borrado por la API');
    const deleted = await call(A.superAdmin.token, 'DELETE', `/api/delete-user/${viaApi.userId}`);
    expect(deleted.status, deleted.text).toBe(200);
    const inDb = await addUser(sql, app, A.accountId, A.adminRole, 'Borrado en la base');
    await sql`delete from users where id = ${inDb.userId}`;

    const tokens: Record<string, string | undefined> = {
      'sin token': undefined,
      ...(await forgeries(A.admin.token, B.accountId)),
      'usuario eliminado por la API': viaApi.token,
      'usuario eliminado en la base': inDb.token,
    };
    const before = await digest(sql, accounts());
    const failures: string[] = [];
    for (const route of guarded) {
      const { path, body } = validRequest(route, ownIds(A));
      for (const [name, token] of Object.entries(tokens)) {
        const answer = await call(token, route.method, path, body);
        const error = errorOf(answer);
        if (
          answer.status !== 401 ||
          error.code !== 'UNAUTHENTICATED' ||
          error.error !== mensajes.noAutenticado
        )
          failures.push(`${route.key} [${name}] → ${answer.status} ${clip(answer.text)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await digest(sql, accounts()))).toEqual([]);
  });
});

describe('a collector', () => {
  it('gets 403 on every route outside COBRADOR_ALLOWED, and the allowed ones let it through', async () => {
    const before = await digest(sql, accounts());
    const failures: string[] = [];
    for (const route of guarded) {
      const allowed = COBRADOR_ALLOWED.has(route.key);
      const { path, body } = validRequest(route, ownIds(A));
      // An allowed write gets an empty body: it must pass the permission and stop at validation, writing nothing.
      const answer = await call(A.cobrador.token, route.method, path, allowed ? {} : body);
      const error = errorOf(answer);
      if (allowed && (answer.status === 401 || answer.status === 403))
        failures.push(`${route.key} (permitida) → ${answer.status} ${clip(answer.text)}`);
      if (!allowed && (answer.status !== 403 || error.code !== 'FORBIDDEN'))
        failures.push(`${route.key} (prohibida) → ${answer.status} ${clip(answer.text)}`);
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await digest(sql, accounts()))).toEqual([]);
  });
});

describe('another account’s ids', () => {
  it('in the path: 403 or 404 on every route with a parameter, nothing shown, nothing changed', async () => {
    const failures: string[] = [];
    let attacked = 0;
    for (const route of guarded.filter((r) => r.params.length > 0)) {
      const own = ownIds(A);
      const body = () => requestOf(route).bodies?.[0]?.(own);
      // All parameters B's, then each one alone (another account's amortization under one's own loan).
      for (const foreign of paramVariants(route.params)) {
        const label = `${route.key} con ${foreign.join(', ')} de B`;
        const before = await digest(sql, accounts());
        const answer = await call(
          A.admin.token,
          route.method,
          pathAiming(route, own, foreign, B.ids),
          body(),
        );
        const twin = await call(
          A.admin.token,
          route.method,
          pathAiming(route, own, foreign, missingIds()),
          body(),
        );
        attacked++;
        const problem = pathRefusal(answer, theOther()) ?? distinguishable(answer, twin);
        if (problem) failures.push(`${label} → ${problem}: ${clip(answer.text)}`);
        const changed = changedTables(before, await digest(sql, accounts()));
        if (changed.length > 0) failures.push(`${label} cambió ${changed.join(', ')}`);
      }
      // The same GET by B's own administrator answers 200: the ids above are real rows, not misses by chance.
      if (route.method === 'GET') {
        const mine = await call(B.superAdmin.token, 'GET', validRequest(route, B.ids).path);
        if (mine.status !== 200)
          failures.push(`${route.key} de B para B → ${mine.status} ${clip(mine.text)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(attacked).toBeGreaterThan(25);
  });

  it('in queries and bodies, push mutations included: refused, nothing shown, nothing changed', async () => {
    const failures: string[] = [];
    let attacked = 0;
    for (const route of guarded) {
      const entry = requestOf(route);
      const own = ownIds(A);
      const path = pathWith(route, own);

      if (route.method === 'GET') {
        const base = entry.query?.(own) ?? {};
        for (const [param, kind] of queryFilters(route).all) {
          const answer = await call(A.admin.token, 'GET', withQuery(path, { ...base, [param]: B.ids[kind] }));
          const twin = await call(
            A.admin.token,
            'GET',
            withQuery(path, { ...base, [param]: missingIds()[kind] }),
          );
          attacked++;
          const problem =
            fieldRefusal(route, answer, [[param]], theOther()) ?? distinguishable(answer, twin, [param]);
          if (problem)
            failures.push(`${route.key}?${param}=<${kind} de B> → ${problem}: ${clip(answer.text)}`);
        }
        continue;
      }

      for (const aim of bodyAims(route)) {
        const label = aim.label(theOther().whose);
        const before = await digest(sql, accounts());
        const answer = await call(A.admin.token, route.method, path, aim.body(ownIds(A), B.ids));
        // A device no one has is simply a new device of the caller's: nothing to compare with.
        const withDevice = aim.fields.some((f) => f.kind === 'device');
        const twin = withDevice
          ? null
          : await call(A.admin.token, route.method, path, aim.body(ownIds(A), missingIds()));
        attacked++;
        let problem = bodyRefusal(route, answer, aim.fields, theOther());
        if (!problem && twin) problem = distinguishable(answer, twin);
        if (problem) failures.push(`${label} → ${problem}: ${clip(answer.text)}`);
        const changed = changedTables(before, await digest(sql, accounts()), allowedChanges(route));
        if (changed.length > 0) failures.push(`${label} cambió ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(attacked).toBeGreaterThan(100);
  });

  it('a cash count pushed with another account’s ids is the pusher’s own, in the pusher’s account', async () => {
    const before = await digest(sql, [B.accountId]);
    const clientId = crypto.randomUUID();
    const smuggled = {
      receiptId: crypto.randomUUID(),
      fecha: new Date().toISOString().slice(0, 10),
      contado: 10,
      nota: 'contrabando',
      account_id: B.accountId,
      accountId: B.accountId,
      user_id: B.ids.collector,
      userId: B.ids.collector,
      loanId: B.ids.loan,
    };
    const answer = await call(A.admin.token, 'POST', '/api/sync/push', {
      clientId,
      mutations: [{ id: 1, name: 'cash_count.create', args: smuggled }],
    });
    expect(answer.status, answer.text).toBe(200);
    const rows = await sql<{ account_id: number; user_id: number }[]>`
      select account_id, user_id from cash_counts where client_id = ${clientId}`;
    for (const row of rows) expect(row).toEqual({ account_id: A.accountId, user_id: A.admin.userId });
    expect(changedTables(before, await digest(sql, [B.accountId]))).toEqual([]);
  });
});

describe('the suite’s own requests', () => {
  it('are valid: the account’s administrator gets them through (2xx, or 409 for a state the data is in)', async () => {
    // Last, since they change A. Deletions go after the rest, so the rows the others name still exist.
    const ordered = [
      ...guarded.filter((r) => r.method !== 'DELETE'),
      ...guarded.filter((r) => r.method === 'DELETE'),
    ];
    const failures: string[] = [];
    for (const route of ordered) {
      const count = Math.max(1, requestOf(route).bodies?.length ?? 0);
      for (let i = 0; i < count; i++) {
        const { path, body } = validRequest(route, ownIds(A), i);
        const answer = await call(A.superAdmin.token, route.method, path, body);
        if (answer.status >= 400 && answer.status !== 409)
          failures.push(`${route.key} #${i} → ${answer.status} ${clip(answer.text)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
