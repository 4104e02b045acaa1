import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  canSignInOffline,
  keepTokensForOffline,
  OFFLINE_LOGIN_KEY,
  PBKDF2_ITERATIONS,
  rememberOfflineLogin,
  verifyOfflineLogin,
} from '../../../client/session/offline-login';
import { demoUser, MemoryStorage } from '../helpers/fake-api';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('signing back in without signal', () => {
  test('keeps a PBKDF2-SHA256 verifier with 600,000 iterations, never the password', async () => {
    await rememberOfflineLogin(' Cobrador@Demo.mx ', 'secreto-123', demoUser);
    const raw = storage.getItem(OFFLINE_LOGIN_KEY)!;
    expect(raw).not.toContain('secreto-123');
    const record = JSON.parse(raw) as { iterations: number; hash: string; salt: string; email: string };
    expect(record.iterations).toBe(PBKDF2_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(record.email).toBe('cobrador@demo.mx');
    expect(record.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(canSignInOffline('cobrador@demo.mx')).toBe(true);
    expect(await verifyOfflineLogin('cobrador@demo.mx', 'secreto-123')).toEqual({
      ok: true,
      user: demoUser,
      tokens: null,
    });
    expect(await verifyOfflineLogin('cobrador@demo.mx', 'otra')).toEqual({ ok: false, reason: 'contrasena' });
    expect(await verifyOfflineLogin('otro@demo.mx', 'secreto-123')).toEqual({
      ok: false,
      reason: 'otro-usuario',
    });
  });

  test('another user signing in replaces it; a sign-out without signal keeps that user’s tokens', async () => {
    await rememberOfflineLogin('cobrador@demo.mx', 'secreto-123', demoUser);
    keepTokensForOffline(demoUser.id, { token: 'a', refreshToken: 'r' });
    expect(await verifyOfflineLogin('cobrador@demo.mx', 'secreto-123')).toMatchObject({
      ok: true,
      tokens: { token: 'a', refreshToken: 'r' },
    });
    // Signed out online: the server revoked them, nothing is kept.
    keepTokensForOffline(demoUser.id, null);
    expect(await verifyOfflineLogin('cobrador@demo.mx', 'secreto-123')).toMatchObject({ tokens: null });
    await rememberOfflineLogin('otro@demo.mx', 'clave-otra', { ...demoUser, id: 2 });
    expect(canSignInOffline('cobrador@demo.mx')).toBe(false);
    expect(await verifyOfflineLogin('cobrador@demo.mx', 'secreto-123')).toMatchObject({ ok: false });
  });
});
