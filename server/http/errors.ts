import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, type ErrorBody, type ErrorCode, statusOf } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import {
  FOREIGN_KEY_VIOLATION,
  isBadInputError,
  isUnavailableError,
  pgErrorCode,
  QUERY_CANCELED,
} from '../db/pg-errors';
import { databaseBusy, databaseUnavailable, queryTooLong } from './unavailable';

export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  details?: Record<string, string>,
) {
  const body: ErrorBody = details ? { error: message, code, details } : { error: message, code };
  return c.json(body, statusOf[code]);
}

/**
 * The body-limit refusal. It answers without reading the rest of the body, which @hono/node-server then drains
 * for a moment and cuts off by closing the socket; answering `keep-alive` there made a keep-alive client write
 * its next request into a dying socket (ECONNRESET). `Connection: close` sends that request to a new socket.
 */
export function payloadTooLarge(c: Context) {
  c.header('Connection', 'close');
  return errorResponse(c, 'PAYLOAD_TOO_LARGE', mensajes.cuerpoMuyGrande);
}

/**
 * A row that points at a user who does not exist: every such column records who acted (created_by, user_id…),
 * so the caller was deleted after their token was checked (by another process, within the check's seconds, or
 * while the request ran). They are no longer signed in; it is not a server fault. The referenced table appears
 * only in the message's detail ("users", or «users» in Spanish); `table_name` is the referencing table, which
 * rules out deleting a row that users still reference.
 */
function isVanishedUser(err: unknown): boolean {
  if (pgErrorCode(err) !== FOREIGN_KEY_VIOLATION) return false;
  const { detail, table_name } = err as { detail?: unknown; table_name?: unknown };
  return table_name !== 'users' && typeof detail === 'string' && /["«]users["»]/.test(detail);
}

/** One place turns every thrown error into the JSON error body; nothing reaches the client as a stack trace. */
export function handleError(err: Error, c: Context) {
  if (err instanceof AppError) return errorResponse(c, err.code, err.message, err.details);
  // A statement past the pool's statement timeout (server/config.ts): the request let go of its connection.
  if (pgErrorCode(err) === QUERY_CANCELED) return queryTooLong(c);
  // The database away (stopped, restarting, unreachable): nothing wrong with the request, which may pass in a moment.
  if (isUnavailableError(err)) return databaseUnavailable(c);
  if (pgErrorCode(err)?.startsWith('40')) return databaseBusy(c);
  // Input the schemas let through but Postgres refuses is the caller's mistake: 400, not 500.
  if (isBadInputError(err)) return errorResponse(c, 'VALIDATION', mensajes.datosInvalidos);
  if (isVanishedUser(err)) return errorResponse(c, 'UNAUTHENTICATED', mensajes.noAutenticado);
  if (err instanceof HTTPException) {
    if (err.status === 413) return payloadTooLarge(c);
    if (err.status === 401) return errorResponse(c, 'UNAUTHENTICATED', mensajes.noAutenticado);
    if (err.status === 400) return errorResponse(c, 'BAD_JSON', mensajes.jsonInvalido);
  }
  console.error('[api] error no controlado', c.req.method, c.req.path, err);
  return errorResponse(c, 'INTERNAL', mensajes.errorInterno);
}
