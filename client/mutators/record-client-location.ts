// 'Guardar ubicación' on the phone (decision 029): the client's place, queued as `client_location.save` through
// the same outbox as payments, so it reaches the server exactly once by its receipt, with or without signal.
import type { IsoDate } from '../../shared/dates';
import type { GeoFix } from '../../shared/location/types';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import type { ClientLocationOutboxEntry } from '../store/local-types';
import { type QueuedLoanEntry, queueLoanEntry } from './loan-entry';

export type RecordClientLocationResult = QueuedLoanEntry;

/** Queues the place of loan `loanId`'s client. */
export async function recordClientLocation(
  db: LocalDb,
  loanId: number,
  ubicacion: GeoFix,
  ctx: { userId: number; today: IsoDate; now: Date },
): Promise<RecordClientLocationResult> {
  return queueLoanEntry<ClientLocationOutboxEntry>(db, loanId, ctx, (receiptId) => ({
    name: MUTATION.clientLocationSave,
    args: { receiptId, loanId, ubicacion },
    description: `Ubicación del cliente (± ${ubicacion.precision} m)`,
  }));
}
