import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { demoUser, fakeFetch, fakeJwt, json, MemoryStorage } from '../helpers/fake-api';

// Fresh modules per test: the session cache and the in-flight refresh are module state. The mirror lives in
// (fake) IndexedDB, shared with the service worker in the browser.
type ApiClient = typeof import('../../../client/session/api-client');
type Mirror = typeof import('../../../client/session/session-mirror');
type Refresh = typeof import('../../../client/session/refresh');
type Actions = typeof import('../../../client/session/session-actions');
let api: ApiClient;
let mirror: Mirror;
let refresh: Refresh;
let actions: Actions;
let storage: MemoryStorage;

const NOW = Date.parse('2026-11-21T15:00:00Z');
const pageToken = fakeJwt('de-la-pagina', NOW - 20 * 60_000);

function signedIn(token = pageToken, refreshToken = 'refresh-pagina') {
  storage.setItem('currentUser', JSON.stringify(demoUser));
  storage.setItem('jwtToken', token);
  storage.setItem('refreshToken', refreshToken);
}

/** An API that takes only `valid`; the refresh answers by the refresh token it is sent. */
function server(
  valid: string,
  refreshes: Record<string, { access_token: string; refresh_token: string }> = {},
) {
  return fakeFetch((call) => {
    if (call.url === '/api/refresh-token') {
      const pair = refreshes[(call.body as { refreshToken: string }).refreshToken];
      return pair ? json(pair) : json({ error: 'Token de actualización inválido' }, 401);
    }
    if (call.url === '/api/logout') return json({ ok: true });
    if (call.headers.Authorization !== `Bearer ${valid}`) return json({ error: 'Token expirado' }, 401);
    return json({ ok: true });
  });
}

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { onLine: true });
  vi.resetModules();
  mirror = await import('../../../client/session/session-mirror');
  api = await import('../../../client/session/api-client');
  refresh = await import('../../../client/session/refresh');
  actions = await import('../../../client/session/session-actions');
  await mirror.writeMirroredSession(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the session mirror the service worker pushes with', () => {
  test('a page whose pair the worker rotated adopts the new pair instead of spending its old token', async () => {
    signedIn();
    const workerToken = fakeJwt('del-worker', NOW - 60_000);
    await mirror.writeMirroredSession({ user: demoUser, token: workerToken, refreshToken: 'refresh-worker' });
    const fake = server(workerToken);
    vi.stubGlobal('fetch', fake.fetch);

    await api.apiGet('dashboard-resume');

    expect(fake.to('/api/refresh-token')).toEqual([]);
    expect(storage.getItem('jwtToken')).toBe(workerToken);
    expect(storage.getItem('refreshToken')).toBe('refresh-worker');
  });

  test("when the worker's token expired too, the page refreshes with the worker's refresh token", async () => {
    signedIn();
    await mirror.writeMirroredSession({
      user: demoUser,
      token: fakeJwt('del-worker', NOW - 3_600_000 + 1),
      refreshToken: 'refresh-worker',
    });
    // The page's pair is older than the worker's: adopting is decided by iat, not by who wrote last.
    storage.setItem('jwtToken', fakeJwt('de-la-pagina', NOW - 3_600_000));
    const renewed = fakeJwt('renovado', NOW);
    const fake = server(renewed, { 'refresh-worker': { access_token: renewed, refresh_token: 'refresh-3' } });
    vi.stubGlobal('fetch', fake.fetch);

    await api.apiGet('dashboard-resume');

    expect(fake.to('/api/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-worker' }]);
    expect(await mirror.readMirroredSession()).toMatchObject({ token: renewed, refreshToken: 'refresh-3' });
  });

  test("an older or another user's mirror is ignored, and the page's own refresh updates it", async () => {
    signedIn();
    await mirror.writeMirroredSession({
      user: { ...demoUser, id: 99 },
      token: fakeJwt('de-otro', NOW),
      refreshToken: 'refresh-otro',
    });
    const renewed = fakeJwt('renovado', NOW);
    const fake = server(renewed, { 'refresh-pagina': { access_token: renewed, refresh_token: 'refresh-2' } });
    vi.stubGlobal('fetch', fake.fetch);

    await api.apiGet('dashboard-resume');

    expect(fake.to('/api/refresh-token').map((c) => c.body)).toEqual([{ refreshToken: 'refresh-pagina' }]);
    expect(await mirror.readMirroredSession()).toEqual({
      user: demoUser,
      token: renewed,
      refreshToken: 'refresh-2',
    });
  });

  test('signing in fills the mirror and signing out empties it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((call) =>
        call.url === '/api/login'
          ? json({ token: pageToken, refreshToken: 'refresh-login', user: demoUser })
          : json({ ok: true }),
      ).fetch,
    );

    await actions.signIn({ email: 'admin@demo.mx', password: 'demo1234' });
    await vi.waitFor(async () =>
      expect(await mirror.readMirroredSession()).toEqual({
        user: demoUser,
        token: pageToken,
        refreshToken: 'refresh-login',
      }),
    );

    await actions.signOut();
    await vi.waitFor(async () => expect(await mirror.readMirroredSession()).toBeNull());
  });

  test('at start, a session saved before the mirror existed is given to the worker', async () => {
    signedIn();

    await refresh.reconcileSessionMirror();

    expect(await mirror.readMirroredSession()).toEqual({
      user: demoUser,
      token: pageToken,
      refreshToken: 'refresh-pagina',
    });
  });
});
