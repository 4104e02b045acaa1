import type { Sql } from '../db/connect';

/** Tombstones are kept this long (docs/sincronizacion.md). */
export const TOMBSTONE_RETENTION_DAYS = 90;

/**
 * A device not caught up for this long may have missed a pruned tombstone: its pull answers a reset.
 * One day shorter than the retention, for transactions whose tombstones commit well after they start.
 */
export const CURSOR_MAX_AGE_MS = (TOMBSTONE_RETENTION_DAYS - 1) * 86_400_000;

/** Deletes tombstones older than the retention; answers how many. */
export async function pruneTombstones(sql: Sql, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TOMBSTONE_RETENTION_DAYS * 86_400_000);
  const rows = await sql`delete from sync_tombstones where created_at < ${before}`;
  return rows.count;
}

/** Prunes at start and once a day. */
export function scheduleTombstonePrune(sql: Sql): () => void {
  const run = () =>
    pruneTombstones(sql).catch((err: unknown) => console.error('[server] Falló la purga de lápidas', err));
  void run();
  const timer = setInterval(run, 24 * 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
