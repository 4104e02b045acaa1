import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ErrorBody } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import type { AppEnv } from '../types';

/** Seconds a client is asked to wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** A 503 the request may simply retry: nothing was written, and the client is told when to try again. */
function retryLater(c: Context, message: string, seconds = RETRY_AFTER_SECONDS) {
  c.header('Retry-After', String(seconds));
  const body: ErrorBody = { error: message, code: 'UNAVAILABLE' };
  return c.json(body, 503);
}

/** 503: the database cannot be reached (down, restarting, not migrated yet); the request may pass in a moment. */
export const databaseUnavailable = (c: Context) => retryLater(c, mensajes.baseDeDatosNoDisponible);

/**
 * 503: two transactions over the same rows, and the database cancelled this one (a serialization failure or a
 * deadlock, class 40). Nothing was written; the same request a moment later goes through.
 */
export const databaseBusy = (c: Context) => retryLater(c, mensajes.servidorOcupado, 1);

/** 503: a statement of the request ran past the statement timeout and PostgreSQL cancelled it; nothing was written. */
export const queryTooLong = (c: Context) => retryLater(c, mensajes.consultaDemasiadoLarga);

/** 503 at a first start or an upgrade: the database answers and the migrations run; nothing is down. */
const serverPreparing = (c: Context) => retryLater(c, mensajes.servidorPreparando);

/**
 * Until the database has been reached and migrated at start, every API request answers 503: the server listens
 * at once (a load balancer and the app see it waiting, not refusing) and no route meets a schema that is not there.
 */
export const untilDatabaseReady = (ready: () => boolean, preparing: () => boolean = () => false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!ready()) return preparing() ? serverPreparing(c) : databaseUnavailable(c);
    await next();
  });
