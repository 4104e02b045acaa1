/** The SQLSTATE of a Postgres error (postgres.js and PGlite both set `code`), or undefined. */
export const pgErrorCode = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const CHECK_VIOLATION = '23514';

/** Input the schemas let through but Postgres refuses (a NUL character in a text: class 22; a CHECK). */
export const isBadInputError = (err: unknown): boolean => {
  const code = pgErrorCode(err);
  return code !== undefined && (code.startsWith('22') || code === CHECK_VIOLATION);
};
