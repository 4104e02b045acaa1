import { describe, expect, test } from 'vitest';
import { ApiError, isUnreachableError } from '../../../client/session/api-error';

// What the sync engine counts as 'the server could not be reached' (a state with a time, short retries) and
// what as 'the server refused' (its error shown, retries as before).
describe('a server not reached, or one that refused', () => {
  test.each([
    ['no network, a network error or a timeout', new ApiError('Sin conexión', { code: 'OFFLINE' }), true],
    ['a gateway whose server is away', new ApiError('Request failed: Bad Gateway', { status: 502 }), true],
    ['the server’s “try again in a moment”', new ApiError('…', { status: 503, code: 'UNAVAILABLE' }), true],
    ['a gateway that gave up waiting', new ApiError('Request failed: 504', { status: 504 }), true],
    ['a captive portal asking to sign in', new ApiError('Request failed: 511', { status: 511 }), true],
    [
      'a session that expired',
      new ApiError('Sesión expirada', { status: 401, code: 'SESSION_EXPIRED' }),
      false,
    ],
    ['a forbidden call', new ApiError('Sin permiso', { status: 403, code: 'FORBIDDEN' }), false],
    ['a request it rejected', new ApiError('Datos inválidos', { status: 400, code: 'VALIDATION' }), false],
    [
      'a failure of the server itself',
      new ApiError('Ocurrió un error', { status: 500, code: 'INTERNAL' }),
      false,
    ],
    ['an error that is not the API’s', new TypeError('x is undefined'), false],
  ])('%s', (_name, error, unreachable) => {
    expect(isUnreachableError(error)).toBe(unreachable);
  });
});
