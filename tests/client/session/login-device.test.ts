import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { demoUser, fakeFetch, json, MemoryStorage } from '../helpers/fake-api';

type Actions = typeof import('../../../client/session/session-actions');
let actions: Actions;
let storage: MemoryStorage;

beforeEach(async () => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { onLine: true });
  vi.resetModules();
  actions = await import('../../../client/session/session-actions');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the phone’s login token (decision 016)', () => {
  test('is kept from a login’s answer, survives sign-out, and goes with the next login', async () => {
    const fake = fakeFetch((call) =>
      call.url === '/api/login'
        ? json({ token: 't', refreshToken: 'r', user: demoUser, device: 'telefono-1' })
        : json({ ok: true }),
    );
    vi.stubGlobal('fetch', fake.fetch);

    await actions.signIn({ email: 'admin@demo.mx', password: 'demo1234' });
    await actions.signOut();
    await actions.signIn({ email: 'otro@demo.mx', password: 'demo1234' });

    expect(fake.to('/api/login').map((c) => c.body)).toEqual([
      { email: 'admin@demo.mx', password: 'demo1234' },
      { email: 'otro@demo.mx', password: 'demo1234', device: 'telefono-1' },
    ]);
    expect(storage.getItem('loginDevice')).toBe('telefono-1');
  });

  test('a server that answers no token (docs/producto.md §7’s three fields) keeps whatever the phone had', async () => {
    storage.setItem('loginDevice', 'telefono-1');
    vi.stubGlobal('fetch', fakeFetch(() => json({ token: 't', refreshToken: 'r', user: demoUser })).fetch);
    await actions.signIn({ email: 'admin@demo.mx', password: 'demo1234' });
    expect(storage.getItem('loginDevice')).toBe('telefono-1');
  });
});
