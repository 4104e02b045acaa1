import { createMiddleware } from 'hono/factory';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import type { Permission } from '../../shared/permissions';
import type { AppDeps, AppEnv, AuthInfo } from '../types';
import { activeUsers } from './active-users';
import { verifyAccessToken } from './tokens';

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/**
 * Verifies `Authorization: Bearer <jwt>` and sets `c.get('auth')`. Missing, malformed or expired → 401, and so
 * is the token of a user who was deleted or no longer belongs to the token's account (checked against the
 * database, remembered a few seconds: active-users.ts), whose writes would otherwise reach the tables.
 * Permissions come from the token (15 min): a role change applies at the next refresh, which re-reads them.
 */
export const requireAuth = (deps: Pick<AppDeps, 'config' | 'sql'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const bearer = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!bearer) throw new AppError('UNAUTHENTICATED', mensajes.noAutenticado);
    const token = await verifyAccessToken(deps.config.jwtSecret, bearer);
    const current = await activeUsers(deps.sql).current(token.userId);
    if (current?.accountId !== token.accountId) throw new AppError('UNAUTHENTICATED', mensajes.noAutenticado);
    // The towns are read here, like the account, so that no route can forget them (docs/reglas-del-negocio.md).
    c.set('auth', { ...token, municipios: current.municipios });
    await next();
  });

/** After `requireAuth`: the caller must hold every permission listed, otherwise 403. */
export const requirePermission = (...perms: Permission[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get('auth') as AuthInfo | undefined;
    if (!auth) throw new AppError('UNAUTHENTICATED', mensajes.noAutenticado);
    if (!perms.every((p) => auth.permissions.includes(p)))
      throw new AppError('FORBIDDEN', mensajes.sinPermiso);
    await next();
  });

/** After `requireAuth`: the caller must hold at least one of `perms`, otherwise 403. */
export const requireAnyPermission = (...perms: Permission[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get('auth') as AuthInfo | undefined;
    if (!auth) throw new AppError('UNAUTHENTICATED', mensajes.noAutenticado);
    if (!perms.some((p) => auth.permissions.includes(p)))
      throw new AppError('FORBIDDEN', mensajes.sinPermiso);
    await next();
  });
