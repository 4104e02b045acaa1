import type { LoginInput } from '../../shared/auth/schemas';
import type { LoginResponse } from '../../shared/auth/types';
import { ApiError } from './api-error';
import { apiUrl, readError, readJson, sendRequest } from './http';
import { keepLoginDevice, readLoginDevice } from './login-device';

const LOGOUT_TIMEOUT_MS = 3000;

/**
 * POST /api/login. Not sent through the refreshing client: a 401 here means wrong credentials
 * ('Credenciales inválidas'), not an expired token.
 */
export async function requestLogin(input: LoginInput): Promise<LoginResponse> {
  const res = await sendRequest('POST', apiUrl('login'), { body: { ...input, device: readLoginDevice() } });
  if (!res.ok) throw await readError(res);
  const body = await readJson<Partial<LoginResponse> | undefined>(res);
  if (!body?.token || !body.refreshToken || !body.user) {
    throw new ApiError('La respuesta del servidor no es válida', { status: res.status, code: 'INTERNAL' });
  }
  keepLoginDevice(body.device);
  return { token: body.token, refreshToken: body.refreshToken, user: body.user };
}

/** POST /api/logout revokes the refresh token. Best effort: signing out works offline too. */
/** True when the server revoked it; false offline or slow (the token then expires on its own, docs/arquitectura.md). */
export async function requestLogout(refreshToken: string, token: string | null): Promise<boolean> {
  try {
    const res = await sendRequest('POST', apiUrl('logout'), {
      body: { refreshToken },
      token,
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
    return res.ok;
  } catch {
    return false;
  }
}
