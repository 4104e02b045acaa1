// A push answer, applied to the outbox (docs/sincronizacion.md): every entry ends synced or rejected, visibly.
import { syncMessages } from '../../shared/payments/messages';
import type { PushResponse } from '../../shared/sync/types';
import type { LocalDb } from '../store/database';
import { raiseServerLastMutationId } from '../store/meta';

export const REJECTED_WITHOUT_REASON = 'El servidor rechazó el cambio';

export async function applyPushResponse(db: LocalDb, response: PushResponse, now: Date): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    for (const result of response.results) {
      const entry = await db.outbox.get(result.id);
      if (entry?.status !== 'pending') continue;
      // A replay repeats what happened the first time (its answer was lost on the way back).
      const outcome = result.status === 'skipped' ? (result.outcome ?? 'skipped') : result.status;
      const resolvedAt = now.toISOString();
      if (outcome === 'rejected') {
        await db.outbox.update(result.id, {
          status: 'rejected',
          outcome,
          reason: result.reason ?? REJECTED_WITHOUT_REASON,
          resolvedAt,
        });
      } else {
        // Undone on the phone, but the original had reached the server first: say so, it stands.
        const reason = entry.cancelled && outcome !== 'skipped' ? syncMessages.noSeDeshizo : result.reason;
        await db.outbox.update(result.id, {
          status: 'synced',
          outcome,
          ...(reason ? { reason } : {}),
          resolvedAt,
        });
      }
    }
    await raiseServerLastMutationId(db, response.lastMutationId);
  });
}
