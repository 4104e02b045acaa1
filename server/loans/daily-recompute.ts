import { businessToday, type IsoDate } from '../../shared/dates';
import { type Sql, withoutTimeout } from '../db/connect';
import { lockAccountVersion } from '../sync/account-version';
import { recomputeLoans } from './recompute';

/** Recomputes the derived loan fields (num_pago, vencido…) of the given accounts as of `today`. */
export async function recomputeAccounts(
  sql: Sql,
  today: IsoDate,
  accountIds: readonly number[],
): Promise<number> {
  let changed = 0;
  // One transaction per account keeps each account's sync version bump short. The account's version row
  // is locked before any loan, the order payments and new loans use, so a recompute never deadlocks them.
  for (const id of accountIds) {
    const ids = await sql.begin(async (tx) => {
      await withoutTimeout(tx);
      await lockAccountVersion(tx, id);
      return recomputeLoans(tx, id, today);
    });
    changed += ids.length;
  }
  return changed;
}

export async function recomputeAllAccounts(sql: Sql, timeZone: string): Promise<number> {
  const accounts = await sql<{ id: number }[]>`select id from accounts order by id`;
  return recomputeAccounts(
    sql,
    businessToday(timeZone),
    accounts.map((a) => a.id),
  );
}

/**
 * Figures stay right as days pass without anyone editing: recompute at start and then every hour,
 * which is cheap (only changed loans are written) and catches the business's midnight within the hour.
 */
export function scheduleDailyRecompute(sql: Sql, timeZone: string): () => void {
  const run = () =>
    recomputeAllAccounts(sql, timeZone)
      .then((n) => n > 0 && console.log(`[server] Recalculados ${n} préstamos (num_pago, vencido).`))
      .catch((err: unknown) => console.error('[server] Falló el recálculo de préstamos', err));
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
