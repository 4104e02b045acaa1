// 'No pagó' on the phone (docs/reglas-del-negocio.md §10): a visit without payment queued as `visit.create`,
// through the same outbox as payments, so it reaches the server exactly once with who, when and where it
// happened.
import * as v from 'valibot';
import type { IsoDate } from '../../shared/dates';
import type { RecordedLocation } from '../../shared/location/types';
import { MUTATION } from '../../shared/sync/types';
import { type VisitFormInput, visitFormSchema } from '../../shared/visits/schemas';
import { MOTIVO_VISITA_TEXTO } from '../../shared/visits/types';
import type { LocalDb } from '../store/database';
import type { VisitOutboxEntry } from '../store/local-types';
import { queueLoanEntry } from './loan-entry';

export type RecordVisitResult =
  | { ok: true; entryId: number; receiptId: string }
  | { ok: false; message: string; field?: string };

/**
 * Queues the visit of loan `loanId` (validated with the shared schema, its date the phone's today), with where it
 * was saved when the account records it (`ctx.ubicacion`, decision 029).
 */
export async function recordVisit(
  db: LocalDb,
  loanId: number,
  form: Omit<VisitFormInput, 'fecha'>,
  ctx: { userId: number; today: IsoDate; now: Date; ubicacion?: RecordedLocation },
): Promise<RecordVisitResult> {
  const parsed = v.safeParse(visitFormSchema, { ...form, fecha: ctx.today });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { ok: false, message: issue.message, field: v.getDotPath(issue) ?? undefined };
  }
  const visit = parsed.output;
  return queueLoanEntry<VisitOutboxEntry>(db, loanId, ctx, (receiptId) => ({
    name: MUTATION.visitCreate,
    args: { receiptId, loanId, ...visit, ...(ctx.ubicacion ? { ubicacion: ctx.ubicacion } : {}) },
    description: `Visita sin pago: ${MOTIVO_VISITA_TEXTO[visit.motivo]}`,
  }));
}
