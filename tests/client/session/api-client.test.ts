import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mensajes } from '../../../shared/messages';
import { type Call, deferred, demoUser, fakeFetch, json, MemoryStorage } from '../helpers/fake-api';

// Fresh modules per test: the session cache and the in-flight refresh are module state.
type ApiClient = typeof import('../../../client/session/api-client');
type Store = typeof import('../../../client/session/session-store');
type Actions = typeof import('../../../client/session/session-actions');
let api: ApiClient;
let store: Store;
let actions: Actions;
let storage: MemoryStorage;

function signedIn(token = 'old-access', refreshToken = 'old-refresh') {
  storage.setItem('currentUser', JSON.stringify(demoUser));
  storage.setItem('jwtToken', token);
  storage.setItem('refreshToken', refreshToken);
}

const bearer = (call: Call) => call.headers.Authorization;

/** An API where only `valid` is accepted as access token; refresh answers what `refresh` returns. */
function server(options: { valid: string; refresh: (call: Call) => Response | Promise<Response> }) {
  return fakeFetch((call) => {
    if (call.url === '/api/refresh-token') return options.refresh(call);
    if (call.url === '/api/logout') return json({ ok: true });
    if (bearer(call) !== `Bearer ${options.valid}`) {
      return json(
        { error: 'Debe iniciar sesión para continuar', code: 'UNAUTHENTICATED' },
        401,
        'Unauthorized',
      );
    }
    return json({ url: call.url, method: call.method, body: call.body ?? null });
  });
}

beforeEach(async () => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { onLine: true });
  vi.resetModules();
  api = await import('../../../client/session/api-client');
  store = await import('../../../client/session/session-store');
  actions = await import('../../../client/session/session-actions');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests', () => {
  test('send JSON and the bearer token; GET leaves empty query values out', async () => {
    signedIn('old-access');
    const fake = server({ valid: 'old-access', refresh: () => json({}, 500) });
    vi.stubGlobal('fetch', fake.fetch);

    await api.apiGet('list-loans', { page: 1, clientName: '', municipalityId: undefined, activos: true });
    await api.apiPost('/save-loan', { a: 1 });
    await api.apiPut('weekly-sheets/3', { b: 2 });
    await api.apiDelete('delete-user/4');

    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/list-loans?page=1&activos=true',
      'POST /api/save-loan',
      'PUT /api/weekly-sheets/3',
      'DELETE /api/delete-user/4',
    ]);
    for (const call of fake.calls) {
      expect(call.headers['Content-Type']).toBe('application/json');
      expect(bearer(call)).toBe('Bearer old-access');
    }
    expect(fake.calls[1]?.body).toEqual({ a: 1 });
  });

  test("a failure uses the response's error, else 'Request failed: {statusText}'", async () => {
    signedIn('old-access');
    vi.stubGlobal(
      'fetch',
      fakeFetch((call) =>
        call.url === '/api/a'
          ? json({ error: 'Esta hoja ya ha sido procesada', code: 'CONFLICT' }, 409, 'Conflict')
          : new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
      ).fetch,
    );

    const conflict = await api.apiPost('a').catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(api.ApiError);
    expect(conflict).toMatchObject({
      message: 'Esta hoja ya ha sido procesada',
      status: 409,
      code: 'CONFLICT',
    });
    await expect(api.apiGet('b')).rejects.toMatchObject({
      message: 'Request failed: Bad Gateway',
      status: 502,
    });
  });
});

describe('token refresh on 401 (docs/producto.md §4)', () => {
  test('three concurrent 401s make exactly one refresh call and all three are retried with the new token', async () => {
    signedIn('old-access', 'old-refresh');
    const release = deferred();
    const fake = server({
      valid: 'new-access',
      refresh: async () => {
        await release.promise; // hold the refresh until every request has hit its 401
        return json({ access_token: 'new-access', refresh_token: 'new-refresh', user: demoUser });
      },
    });
    vi.stubGlobal('fetch', fake.fetch);

    const pending = Promise.all([api.apiGet('one'), api.apiPost('two', { x: 1 }), api.apiDelete('three')]);
    await vi.waitFor(() => expect(fake.to('/api/refresh-token')).toHaveLength(1));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.url !== '/api/refresh-token')).toHaveLength(3));
    release.resolve();
    const results = await pending;

    expect(fake.to('/api/refresh-token')).toHaveLength(1);
    expect(fake.to('/api/refresh-token')[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(results.map((r) => (r as { url: string }).url)).toEqual(['/api/one', '/api/two', '/api/three']);
    for (const path of ['/api/one', '/api/two', '/api/three']) {
      expect(fake.to(path).map(bearer)).toEqual(['Bearer old-access', 'Bearer new-access']);
    }
    expect(fake.to('/api/two')[1]?.body).toEqual({ x: 1 });
    expect(storage.getItem('jwtToken')).toBe('new-access');
    expect(storage.getItem('refreshToken')).toBe('new-refresh');
  });

  test('a 401 that arrives after the refresh finished reuses the new token instead of refreshing again', async () => {
    signedIn('old-access', 'old-refresh');
    const late = deferred();
    const fake = fakeFetch(async (call) => {
      if (call.url === '/api/refresh-token')
        return json({ access_token: 'new-access', refresh_token: 'new-refresh' });
      if (call.url === '/api/slow' && bearer(call) === 'Bearer old-access') await late.promise;
      return bearer(call) === 'Bearer new-access'
        ? json({ ok: true })
        : json({ error: 'x', code: 'UNAUTHENTICATED' }, 401);
    });
    vi.stubGlobal('fetch', fake.fetch);

    const slow = api.apiGet('slow');
    await api.apiGet('fast');
    late.resolve();
    await slow;

    expect(fake.to('/api/refresh-token')).toHaveLength(1);
    expect(fake.to('/api/slow').map(bearer)).toEqual(['Bearer old-access', 'Bearer new-access']);
  });

  test('a refresh answered 401 clears the session once and rejects every waiting request', async () => {
    signedIn('old-access', 'old-refresh');
    const changes: string[] = [];
    store.subscribeSession((change) => changes.push(change));
    const fake = server({
      valid: 'new-access',
      refresh: () => json({ error: mensajes.refreshInvalido, code: 'INVALID_REFRESH' }, 401, 'Unauthorized'),
    });
    vi.stubGlobal('fetch', fake.fetch);

    const results = await Promise.allSettled([api.apiGet('one'), api.apiGet('two'), api.apiGet('three')]);

    expect(fake.to('/api/refresh-token')).toHaveLength(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        message: 'AuthenticationError: Session expired or refresh token invalid',
        code: 'SESSION_EXPIRED',
      });
    }
    expect([
      storage.getItem('currentUser'),
      storage.getItem('jwtToken'),
      storage.getItem('refreshToken'),
    ]).toEqual([null, null, null]);
    expect(store.getSession()).toBeNull();
    expect(changes.filter((c) => c === 'expired')).toHaveLength(1);
  });

  test('a refresh response missing tokens counts as failed', async () => {
    signedIn();
    const fake = server({ valid: 'new-access', refresh: () => json({ access_token: 'new-access' }) });
    vi.stubGlobal('fetch', fake.fetch);

    await expect(api.apiGet('one')).rejects.toMatchObject({ message: mensajes.sesionExpirada });
    expect(storage.getItem('jwtToken')).toBeNull();
  });

  test('without a refresh token the user is signed out without calling refresh', async () => {
    storage.setItem('currentUser', JSON.stringify(demoUser));
    storage.setItem('jwtToken', 'old-access');
    const fake = server({ valid: 'new-access', refresh: () => json({}, 500) });
    vi.stubGlobal('fetch', fake.fetch);

    await expect(api.apiGet('one')).rejects.toMatchObject({ message: mensajes.sesionExpirada });
    expect(fake.to('/api/refresh-token')).toHaveLength(0);
    expect(storage.getItem('currentUser')).toBeNull();
    expect(storage.getItem('jwtToken')).toBeNull();
  });

  test('a server error during refresh keeps the session (it is not an invalid token)', async () => {
    signedIn();
    const fake = server({
      valid: 'new-access',
      refresh: () => json({ error: 'Ocurrió un error', code: 'INTERNAL' }, 500),
    });
    vi.stubGlobal('fetch', fake.fetch);

    await expect(api.apiGet('one')).rejects.toMatchObject({ message: 'Ocurrió un error', status: 500 });
    expect(storage.getItem('refreshToken')).toBe('old-refresh');
  });
});

describe('without network', () => {
  test('a fetch TypeError becomes ApiError OFFLINE with the Spanish message and keeps the session', async () => {
    signedIn();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error = await api.apiGet('one').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(error).toMatchObject({ message: mensajes.sinConexion, code: 'OFFLINE' });
    expect(api.isOfflineError(error)).toBe(true);
    expect(storage.getItem('jwtToken')).toBe('old-access');
  });

  test('navigator.onLine false fails at once without calling fetch', async () => {
    signedIn();
    vi.stubGlobal('navigator', { onLine: false });
    const fake = server({ valid: 'old-access', refresh: () => json({}, 500) });
    vi.stubGlobal('fetch', fake.fetch);

    await expect(api.apiPost('two', {})).rejects.toMatchObject({
      code: 'OFFLINE',
      message: mensajes.sinConexion,
    });
    expect(fake.calls).toHaveLength(0);
  });

  test('losing the network during the refresh does not sign the user out', async () => {
    signedIn();
    const fake = fakeFetch((call) => {
      if (call.url === '/api/refresh-token') throw new TypeError('Failed to fetch');
      return json({ error: 'x', code: 'UNAUTHENTICATED' }, 401);
    });
    vi.stubGlobal('fetch', fake.fetch);

    await expect(api.apiGet('one')).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(storage.getItem('refreshToken')).toBe('old-refresh');
    expect(store.getSession()?.user.email).toBe('admin@demo.mx');
  });
});

describe('session', () => {
  test('is restored only when user, token and refresh token are all present', () => {
    storage.setItem('currentUser', JSON.stringify(demoUser));
    storage.setItem('jwtToken', 'a');
    expect(store.getSession()).toBeNull();
    storage.setItem('refreshToken', 'b');
    store.sessionChangedElsewhere();
    expect(store.getSession()).toMatchObject({
      user: { email: 'admin@demo.mx' },
      token: 'a',
      refreshToken: 'b',
    });
  });

  test('signIn keeps the session under the SPEC keys; a 401 login is an error, not a refresh', async () => {
    const fake = fakeFetch((call) =>
      (call.body as { password: string }).password === 'demo1234'
        ? json({ token: 't1', refreshToken: 'r1', user: demoUser })
        : json({ error: 'Credenciales inválidas', code: 'INVALID_CREDENTIALS' }, 401),
    );
    vi.stubGlobal('fetch', fake.fetch);

    await expect(actions.signIn({ email: 'admin@demo.mx', password: 'mala' })).rejects.toMatchObject({
      message: 'Credenciales inválidas',
    });
    expect(storage.getItem('jwtToken')).toBeNull();
    await actions.signIn({ email: 'admin@demo.mx', password: 'demo1234' });

    expect(fake.to('/api/refresh-token')).toHaveLength(0);
    expect(JSON.parse(storage.getItem('currentUser') ?? '{}').email).toBe('admin@demo.mx');
    expect(storage.getItem('jwtToken')).toBe('t1');
    expect(storage.getItem('refreshToken')).toBe('r1');
  });

  test('signOut sends the refresh token to /api/logout, then clears storage', async () => {
    signedIn('old-access', 'old-refresh');
    storage.setItem('other', 'kept');
    const fake = server({ valid: 'old-access', refresh: () => json({}, 500) });
    vi.stubGlobal('fetch', fake.fetch);

    await actions.signOut();

    expect(fake.to('/api/logout').map((c) => c.body)).toEqual([{ refreshToken: 'old-refresh' }]);
    expect(storage.getItem('jwtToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(storage.getItem('currentUser')).toBeNull();
    expect(storage.getItem('other')).toBe('kept');
  });

  test('signOut offline still clears the session', async () => {
    signedIn();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await actions.signOut();
    expect(store.getSession()).toBeNull();
    expect(storage.getItem('jwtToken')).toBeNull();
  });
});
