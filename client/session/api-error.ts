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

/** The Spanish text to show for any thrown value. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Error desconocido';
