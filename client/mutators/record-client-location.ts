// 'Guardar ubicación' on the phone (decision 029): the client's place, queued as `client_location.save` through
// the same outbox as payments, so it reaches the server exactly once by its receipt, with or without signal.
import type { IsoDate } from '../../shared/dates';
import type { GeoFix } from '../../shared/location/types';
import { paymentMessages as m } from '../../shared/payments/messages';
import { MUTATION } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import type { ClientLocationOutboxEntry } from '../store/local-types';
import { takeMutationId } from '../store/meta';

export type RecordClientLocationResult =
  | { ok: true; entryId: number; receiptId: string }
  | { ok: false; message: string };

/** Queues the place of loan `loanId`'s client. */
export async function recordClientLocation(
  db: LocalDb,
  loanId: number,
  ubicacion: GeoFix,
  ctx: { userId: number; today: IsoDate; now: Date },
): Promise<RecordClientLocationResult> {
  return db.transaction('rw', [...db.loans.tables, ...db.clients.tables, db.outbox, db.meta], async () => {
    const loan = await db.loans.get(loanId);
    if (!loan) return { ok: false, message: m.prestamoNoEncontrado };
    const client = await db.clients.get(loan.client_id);
    const id = await takeMutationId(db);
    const receiptId = crypto.randomUUID();
    const entry: ClientLocationOutboxEntry = {
      id,
      name: MUTATION.clientLocationSave,
      args: { receiptId, loanId, ubicacion },
      clientTime: ctx.now.toISOString(),
      status: 'pending',
      summary: {
        loanReference: loan.loan_reference,
        clientName: client?.nombre ?? '',
        description: `Ubicación del cliente (± ${ubicacion.precision} m)`,
      },
      loanId,
      amortizationIds: [],
      userId: ctx.userId,
    };
    await db.outbox.add(entry);
    return { ok: true, entryId: id, receiptId };
  });
}
