import { Hono } from 'hono';
import { loginSchema, refreshSchema } from '../../shared/auth/schemas';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { errorResponse } from '../http/errors';
import { jsonBody } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';
import { knownDeviceOf, rememberDevice } from './known-devices';
import { requireAuth } from './middleware';
import { PASSWORD_COST, timingDummyHash, verifyPassword } from './passwords';
import { findUserByEmail, findUserById } from './queries';
import { clientIp, createLoginLimiter, type LoginLimiter } from './rate-limit';
import { raisePasswordCost } from './rehash';
import { endSession, rotateSession, startSession } from './session';

/** POST /login, /refresh-token, /logout and GET /me. The login limiter counts in the database (every process). */
export function authRoutes(deps: AppDeps, limiter: LoginLimiter = createLoginLimiter(deps.sql)) {
  const { sql, config } = deps;
  const routes = new Hono<AppEnv>();
  const passwordCost = config.passwordCost ?? PASSWORD_COST;
  // Computed once per process; warming it keeps the first unknown-email login from being measurably slower.
  void timingDummyHash(passwordCost);

  routes.post('/login', jsonBody(loginSchema), async (c) => {
    const { email, password, device } = c.req.valid('json');
    const ip = clientIp(c, config.trustedProxies);
    const knownDevice = device === undefined ? null : await knownDeviceOf(sql, device, email);
    const attempt = await limiter.reserve({ ip, email, knownDevice });
    if (attempt.blocked) {
      c.header('Retry-After', String(attempt.retryAfterSeconds));
      const message =
        attempt.retryAfterSeconds < 60 ? mensajes.demasiadosIntentosSegundos : mensajes.demasiadosIntentos;
      return errorResponse(c, 'RATE_LIMITED', message);
    }
    const found = await findUserByEmail(sql, email);
    // An unknown email still pays for one scrypt, so timing does not tell which emails exist.
    const ok = await verifyPassword(password, found?.passwordHash ?? (await timingDummyHash(passwordCost)));
    // A failure needs no recording: the reserved attempt already counts as one.
    if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', mensajes.credencialesInvalidas);
    await limiter.succeeded(attempt);
    await raisePasswordCost(sql, found.user.id, found.passwordHash, password, passwordCost);
    const session = await startSession(sql, config.jwtSecret, found.user);
    return c.json({ ...session, device: await rememberDevice(sql, found.user.id, device) });
  });

  routes.post('/refresh-token', jsonBody(refreshSchema), async (c) => {
    const session = await rotateSession(sql, config.jwtSecret, c.req.valid('json').refreshToken);
    if (!session) throw new AppError('INVALID_REFRESH', mensajes.refreshInvalido);
    return c.json(session);
  });

  // No access token needed: it may well have expired by the time the user signs out.
  routes.post('/logout', jsonBody(refreshSchema), async (c) => {
    await endSession(sql, c.req.valid('json').refreshToken);
    return c.json({ ok: true });
  });

  routes.get('/me', requireAuth(deps), async (c) => {
    const auth = c.get('auth');
    const user = await findUserById(sql, auth.userId);
    if (!user || user.account_id !== auth.accountId)
      throw new AppError('UNAUTHENTICATED', mensajes.noAutenticado);
    return c.json({ user });
  });

  return routes;
}
