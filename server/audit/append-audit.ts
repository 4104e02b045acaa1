import type { Db } from '../db/connect';

/** Who made a change: the user and, for a device's mutation, its device, mutation id and phone time. */
export interface AuditActor {
  accountId: number;
  userId: number;
  clientId?: string | null;
  mutationId?: number | null;
  clientTime?: Date | null;
}

/** One changed record: what it was (null for a new one) and what it is, under the action's name. */
export interface AuditRow {
  entity: string;
  entityId: number;
  action: string;
  before?: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The receipt number a device's record carries (R-XXXX-XXXX), found again from /cortes. */
  recibo?: string | null;
}

// A JSON value without the `undefined` fields a record may carry.
const jsonOf = (db: Db, value: Record<string, unknown> | null | undefined) =>
  value == null ? null : db.json(JSON.parse(JSON.stringify(value)));

/**
 * The one writer of audit_log, for online calls and for a device's mutations alike (user, device and phone
 * time, like payments), in one statement; server_time is the database's now().
 */
export async function appendAudit(db: Db, actor: AuditActor, rows: readonly AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db`insert into audit_log ${db(
    rows.map((r) => ({
      account_id: actor.accountId,
      user_id: actor.userId,
      client_id: actor.clientId ?? null,
      mutation_id: actor.mutationId ?? null,
      client_time: actor.clientTime ?? null,
      entity: r.entity,
      entity_id: r.entityId,
      action: r.action,
      before: jsonOf(db, r.before),
      after: jsonOf(db, r.after),
      recibo: r.recibo ?? null,
    })),
  )}`;
}
