// Error codes travel on the wire; the Spanish sentence travels in `error` (docs/producto.md §7 reads it as the message).
export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_JSON'
  | 'UNAUTHENTICATED'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_REFRESH'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export const statusOf: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503> = {
  VALIDATION: 400,
  BAD_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  // The database cannot be reached (down, restarting, not yet migrated): retry later, nothing was wrong with the request.
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Body of every non-OK response. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, string> | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
