/** The SQLSTATE of a Postgres error (postgres.js and PGlite both set `code`), or undefined. */
export const pgErrorCode = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const CHECK_VIOLATION = '23514';
/** A statement cancelled by `statement_timeout` (or by hand). */
export const QUERY_CANCELED = '57014';

/** Input the schemas let through but Postgres refuses (a NUL character in a text: class 22; a CHECK). */
export const isBadInputError = (err: unknown): boolean => {
  const code = pgErrorCode(err);
  return code !== undefined && (code.startsWith('22') || code === CHECK_VIOLATION);
};

// postgres.js's own codes when the connection goes away, and Node's socket and name-lookup errors (a database
// host that is down or, in a container network, not there at the moment).
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database cannot answer at all: a lost or refused connection (class 08, or the driver's and the socket's
 * own codes), a server out of resources or shutting down, restarting or in recovery (classes 53, 57).
 */
export const isUnavailableError = (err: unknown): boolean => {
  const code = pgErrorCode(err);
  if (code === undefined) return false;
  return CONNECTION_CODES.has(code) || ['08', '53', '57'].includes(code.slice(0, 2));
};

/**
 * A failure that says nothing about the request and may pass on a retry: the database unavailable, or a
 * serialization failure or deadlock (class 40).
 */
export const isTransientError = (err: unknown): boolean =>
  isUnavailableError(err) || pgErrorCode(err)?.slice(0, 2) === '40';
