import type { ErrorCode } from '../../shared/errors';

/** Codes the client adds to the server's: no network, and a session that could not be renewed. */
export type ApiErrorCode = ErrorCode | 'OFFLINE' | 'SESSION_EXPIRED' | 'HTTP_ERROR';

/** A failed call. `message` is what the user reads (docs/producto.md §7: the response's `error`, else the status text). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: Record<string, string> | undefined;

  constructor(
    message: string,
    options: { status?: number; code?: ApiErrorCode; details?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? 0;
    this.code = options.code ?? 'HTTP_ERROR';
    this.details = options.details;
  }
}

export const isOfflineError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'OFFLINE';

/**
 * Answers from something standing between the device and the server, not from the app: a proxy or gateway
 * whose server is away or slow (502, 504), any 503 (the server's own 'try again in a moment' is one, code
 * UNAVAILABLE), and a captive portal asking to sign in to the network (511).
 */
const AWAY_STATUSES = new Set([502, 503, 504, 511]);

/**
 * The server could not be reached: no network, a network error or a request that timed out (all OFFLINE), or
 * one of the answers above. A refusal by the server (4xx: a session that expired, a forbidden call) is not one.
 */
export const isUnreachableError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'OFFLINE' || AWAY_STATUSES.has(error.status));

/** The Spanish text to show for any thrown value. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Error desconocido';
