import type { Db } from '../db/connect';

interface Actor {
  accountId: number;
  userId: number;
  clientId: string | null;
  mutationId: number | null;
  clientTime: Date | null;
  action: string;
}

/** One audit row for a record a mutation created (DESIGN §9: user, device and phone time, like payments). */
export async function appendAudit(
  db: Db,
  actor: Actor,
  row: { entity: string; entityId: number; after: Record<string, unknown>; recibo: string | null },
): Promise<void> {
  await db`insert into audit_log (account_id, user_id, client_id, mutation_id, entity, entity_id, action, after,
      client_time, recibo)
    values (${actor.accountId}, ${actor.userId}, ${actor.clientId}, ${actor.mutationId}, ${row.entity},
      ${row.entityId}, ${actor.action}, ${db.json(JSON.parse(JSON.stringify(row.after)))}, ${actor.clientTime},
      ${row.recibo})`;
}
