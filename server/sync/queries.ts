import type { Db } from '../db/connect';

/** A device (sync_clients, named by its client id): not a borrower, whose queries are clients/queries.ts. */
export interface SyncClientRow {
  user_id: number;
  account_id: number;
  last_mutation_id: number;
}

/** Binds `clientId` to the user on its first push; answers the stored binding (maybe another user's). */
export async function bindClient(
  db: Db,
  clientId: string,
  userId: number,
  accountId: number,
  userAgent: string | null,
): Promise<SyncClientRow> {
  await db`insert into sync_clients (client_id, user_id, account_id, user_agent)
    values (${clientId}, ${userId}, ${accountId}, ${userAgent})
    on conflict (client_id) do nothing`;
  const [row] = await db<SyncClientRow[]>`select user_id, account_id, last_mutation_id from sync_clients
    where client_id = ${clientId}`;
  return row!;
}

/** The device's binding, if it ever pushed. */
export async function findDevice(db: Db, clientId: string): Promise<SyncClientRow | undefined> {
  const [row] = await db<SyncClientRow[]>`select user_id, account_id, last_mutation_id from sync_clients
    where client_id = ${clientId}`;
  return row;
}
