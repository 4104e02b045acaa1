import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import { readMirroredSession, writeMirroredSession } from '../../../client/session/session-mirror';
import { LocalDb, localDbName } from '../../../client/store/database';
import { pushFromBackground } from '../../../client/sync/background-push';
import { syncOnce } from '../../../client/sync/run';
import type { PushRequest } from '../../../shared/sync/types';
import { type Call, demoUser, fakeFetch, fakeJwt, json } from '../helpers/fake-api';
import { loanFixture, page, scriptedTransport, TODAY } from '../helpers/sync-fixtures';

const NOW = Date.parse('2026-11-20T18:00:00Z');

let nextUser = 500;
const open: LocalDb[] = [];

/** A signed-in collector's device that synced loan 1, then recorded `payments` rows with no signal. */
async function deviceWithPending(payments: number[], token = fakeJwt('vigente', NOW)) {
  const user = { ...demoUser, id: ++nextUser };
  const db = new LocalDb(localDbName(user.id));
  open.push(db);
  const { loan, rows } = loanFixture(1);
  await syncOnce(
    db,
    scriptedTransport({ pull: () => page('c1', { loans: [loan], amortizations: rows }) }).transport,
    {
      today: () => TODAY,
    },
  );
  for (const amortizationId of payments) {
    await recordPayment(
      db,
      { kind: 'fila', loanId: 1, amortizationId, edit: { pagada: true } },
      { userId: user.id, today: TODAY, now: new Date(NOW) },
    );
  }
  await writeMirroredSession({ user, token, refreshToken: 'refresh-1' });
  return { db, user };
}

/** The server: `valid` is the only access token it takes; every pushed mutation is applied. */
function server(valid: string, refresh: (call: Call) => Response = () => json({}, 500)) {
  return fakeFetch((call) => {
    if (call.url === '/api/refresh-token') return refresh(call);
    if (call.headers.Authorization !== `Bearer ${valid}`) return json({ error: 'Token expirado' }, 401);
    const request = call.body as PushRequest;
    const results = request.mutations.map((m) => ({ id: m.id, status: 'applied' as const }));
    return json({ lastMutationId: results.at(-1)?.id ?? 0, results });
  });
}

const statuses = async (db: LocalDb) => (await db.outbox.toArray()).map((e) => e.status);

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  await writeMirroredSession(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const db of open.splice(0)) db.close();
});

describe('Background Sync from the service worker', () => {
  test('pushes every pending payment in order with the mirrored token, and they end synced', async () => {
    const { db } = await deviceWithPending([101, 102, 103]);
    const api = server(fakeJwt('vigente', NOW));
    vi.stubGlobal('fetch', api.fetch);

    expect(await pushFromBackground()).toBe('enviado');

    const pushes = api.to('/api/sync/push');
    expect(pushes).toHaveLength(1);
    expect((pushes[0]?.body as PushRequest | undefined)?.mutations.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(await statuses(db)).toEqual(['synced', 'synced', 'synced']);
  });

  test('an expired token is refreshed first; the new pair is left in the mirror for the page', async () => {
    const { db, user } = await deviceWithPending([101], fakeJwt('caducado', NOW - 3_600_000));
    const renewed = fakeJwt('nuevo', NOW);
    const api = server(renewed, (call) =>
      (call.body as { refreshToken: string }).refreshToken === 'refresh-1'
        ? json({ access_token: renewed, refresh_token: 'refresh-2' })
        : json({ error: 'Token de actualización inválido' }, 401),
    );
    vi.stubGlobal('fetch', api.fetch);

    expect(await pushFromBackground()).toBe('enviado');

    expect(api.calls.map((c) => c.url)).toEqual(['/api/refresh-token', '/api/sync/push']);
    expect(await readMirroredSession()).toEqual({ user, token: renewed, refreshToken: 'refresh-2' });
    expect(await statuses(db)).toEqual(['synced']);
  });

  test('a refused refresh token pushes nothing and keeps the payment pending for the next sign-in', async () => {
    const { db } = await deviceWithPending([101], fakeJwt('caducado', NOW - 3_600_000));
    const api = server('ninguno', () => json({ error: 'Token de actualización inválido' }, 401));
    vi.stubGlobal('fetch', api.fetch);

    expect(await pushFromBackground()).toBe('sin-sesion');

    expect(api.to('/api/sync/push')).toEqual([]);
    expect(await statuses(db)).toEqual(['pending']);
  });

  test('with no signal it fails, so the browser tries again later, and the payment stays pending', async () => {
    const { db } = await deviceWithPending([101]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await expect(pushFromBackground()).rejects.toThrow();

    expect(await statuses(db)).toEqual(['pending']);
  });

  test('signed out, or nothing pending: no request at all', async () => {
    const api = server(fakeJwt('vigente', NOW));
    vi.stubGlobal('fetch', api.fetch);
    expect(await pushFromBackground()).toBe('sin-sesion');

    await deviceWithPending([]);
    expect(await pushFromBackground()).toBe('sin-pendientes');
    expect(api.calls).toEqual([]);
  });
});
