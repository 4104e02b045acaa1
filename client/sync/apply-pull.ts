// One pulled page, applied in one Dexie transaction together with its cursor (docs/sincronizacion.md client apply): if
// anything fails, nothing of the page is kept and the cursor stays where it was.
import type { IsoDate } from '../../shared/dates';
import type { PullResponse, Tombstone } from '../../shared/sync/types';
import { type LocalDb, SYNCED_TABLES } from '../store/database';
import { isPaymentEntry, type ShadowRow } from '../store/local-types';
import { raiseServerLastMutationId, setMeta } from '../store/meta';
import { deletePaymentEvents, putPaymentEvents } from '../store/payment-events';
import { heldLoanIds, rebaseLoans } from '../store/rebase';
import { deleteScheduleRows, loansOfRows, putScheduleRows, schedulesOf } from '../store/schedules';

interface RowStore {
  bulkPut(rows: readonly unknown[]): Promise<unknown>;
  bulkDelete(ids: number[]): Promise<unknown>;
}

/**
 * Where the device keeps a synced entity's rows: loans and clients in buckets, payment events per loan in
 * buckets, the rest a record per row. (Schedules are written by their loan, above all this.)
 */
function storeOf(db: LocalDb, entity: string): RowStore {
  if (entity === 'loans') return db.loans;
  if (entity === 'clients') return db.clients;
  if (entity === 'payments')
    return {
      bulkPut: (rows) => putPaymentEvents(db, rows as Parameters<typeof putPaymentEvents>[1]),
      bulkDelete: (ids) => deletePaymentEvents(db, ids),
    };
  return db.table(entity);
}

/**
 * A reset clears what was synced but keeps the outbox and, for loans with pending edits, their rows on
 * screen; their server copies are marked absent until the snapshot brings them again.
 */
async function reset(db: LocalDb): Promise<void> {
  const pendingLoans = new Set<number>();
  await db.outbox
    .where('status')
    .equals('pending')
    .each((e) => {
      if (isPaymentEntry(e)) pendingLoans.add(e.loanId);
    });
  for (const table of SYNCED_TABLES) {
    // Loans and schedules with pending edits stay (below); their stores keep what they hold.
    if (table === 'loan_buckets' || table === 'loan_tops' || table === 'schedule_buckets') continue;
    await db.table(table).clear();
  }
  await db.shadows.clear();
  await db.loans.keepWhere((l) => pendingLoans.has(l.id));
  await db.schedules.keepWhere((s) => pendingLoans.has(s.loan_id));
  const absent: ShadowRow[] = [];
  for (const [loanId, rows] of await schedulesOf(db, [...pendingLoans])) {
    absent.push({ entity: 'loans', id: loanId, loanId, row: null });
    for (const { id } of rows) absent.push({ entity: 'amortizations', id, loanId, row: null });
  }
  await db.shadows.bulkPut(absent);
  await db.meta.delete('snapshotComplete');
}

/**
 * Deletes what the tombstones name. Rows of loans with edits pending are not touched: their server copies
 * are marked absent instead, and the rebase decides. `pageLoans`: loans this page brought, where a deleted
 * amortización most likely was (a loan edit rewrites its schedule).
 */
async function applyTombstones(db: LocalDb, tombstones: Tombstone[], held: Set<number>, pageLoans: number[]) {
  const rowIds = tombstones.filter((t) => t.entity === 'amortizations').map((t) => t.id);
  const goneLoans = tombstones.filter((t) => t.entity === 'loans').map((t) => t.id);
  const loanOf = rowIds.length ? await loansOfRows(db, rowIds, [...goneLoans, ...pageLoans]) : new Map();
  // A row the device no longer holds may still have a server copy kept aside.
  for (const id of rowIds) {
    if (loanOf.has(id)) continue;
    const shadow = await db.shadows.get(['amortizations', id]);
    if (shadow) loanOf.set(id, shadow.loanId);
  }

  const absent: ShadowRow[] = [];
  const freeRows = new Map<number, number>();
  const direct = new Map<string, number[]>();
  for (const t of tombstones) {
    if (t.entity === 'amortizations') {
      const loanId = loanOf.get(t.id);
      if (loanId === undefined) continue;
      if (held.has(loanId)) absent.push({ entity: 'amortizations', id: t.id, loanId, row: null });
      else freeRows.set(t.id, loanId);
      continue;
    }
    if (t.entity === 'loans' && held.has(t.id)) {
      absent.push({ entity: 'loans', id: t.id, loanId: t.id, row: null });
      continue;
    }
    direct.set(t.entity, [...(direct.get(t.entity) ?? []), t.id]);
  }
  if (absent.length) await db.shadows.bulkPut(absent);
  await deleteScheduleRows(db, freeRows);
  for (const [entity, ids] of direct) {
    await storeOf(db, entity).bulkDelete(ids);
    // A loan that leaves takes its schedule with it.
    if (entity === 'loans') await db.schedules.bulkDelete(ids);
  }
}

export async function applyPullPage(db: LocalDb, page: PullResponse, today: IsoDate): Promise<void> {
  const tables = [...SYNCED_TABLES.map((t) => db.table(t)), db.outbox, db.shadows, db.meta];
  await db.transaction('rw', tables, async () => {
    if (page.reset) await reset(db);
    const held = await heldLoanIds(db);
    const { loans, amortizations, ...others } = page.changes;

    const shadows: ShadowRow[] = [];
    const freeLoans = loans.filter((loan) => {
      if (!held.has(loan.id)) return true;
      shadows.push({ entity: 'loans', id: loan.id, loanId: loan.id, row: loan });
      return false;
    });
    const freeRows = amortizations.filter((row) => {
      if (!held.has(row.loan_id)) return true;
      shadows.push({ entity: 'amortizations', id: row.id, loanId: row.loan_id, row });
      return false;
    });
    if (shadows.length) await db.shadows.bulkPut(shadows);
    if (freeLoans.length) await db.loans.bulkPut(freeLoans);
    await putScheduleRows(db, freeRows);
    for (const [entity, rows] of Object.entries(others))
      if (rows.length) await storeOf(db, entity).bulkPut(rows);
    await applyTombstones(db, page.tombstones, held, [
      ...new Set([...loans.map((l) => l.id), ...amortizations.map((a) => a.loan_id)]),
    ]);

    // Loans whose edits were all answered since the last pull go back to the server's rows here, with the
    // rows this page brought; loans still waiting get this page's rows with their edits replayed on top.
    await rebaseLoans(db, held, today);
    await setMeta(db, 'cursor', page.cursor);
    await raiseServerLastMutationId(db, page.lastMutationId);
    if (!page.hasMore) await setMeta(db, 'snapshotComplete', true);
  });
}
