// Errors cross from the sync worker to the page as plain data and come back as the same classes, so the
// engine tells 'sin conexión' from a message to show exactly as it did when the run was in the page.
import { ApiError } from '../session/api-error';
import { SyncError } from './run';
import type { WireError } from './worker-protocol';

export function toWire(error: unknown): WireError {
  if (error instanceof ApiError)
    return { kind: 'api', message: error.message, status: error.status, code: error.code };
  if (error instanceof SyncError) return { kind: 'sync', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

export function fromWire(error: WireError): Error {
  if (error.kind === 'api') return new ApiError(error.message, { status: error.status, code: error.code });
  if (error.kind === 'sync') return new SyncError(error.message);
  return new Error(error.message);
}
