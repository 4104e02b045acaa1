import { ApiError } from './api-error';

/**
 * A 409 that is about one field (a duplicate name or email) turned into a 400-like error carrying that
 * field in `details`, so the form shows the server's sentence under the field. Anything else is returned
 * unchanged.
 */
export function conflictOnField(error: unknown, field: string): unknown {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return error;
  return new ApiError(error.message, {
    status: error.status,
    code: error.code,
    details: { ...error.details, [field]: error.message },
  });
}
