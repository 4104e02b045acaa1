// One pulled page, applied in one Dexie transaction together with its cursor (DESIGN §4 client apply): if
// anything fails, nothing of the page is kept and the cursor stays where it was.
import type { IsoDate } from '../../shared/dates';
import type { PullResponse, Tombstone } from '../../shared/sync/types';
import { type LocalDb, SYNCED_TABLES } from './database';
import { isPaymentEntry, type ShadowRow } from './local-types';
import { raiseServerLastMutationId, setMeta } from './meta';
import { heldLoanIds, rebaseLoans } from './rebase';

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
    if (table === 'loans' || table === 'amortizations') continue;
    await db.table(table).clear();
  }
  await db.shadows.clear();
  await db.loans.filter((l) => !pendingLoans.has(l.id)).delete();
  await db.amortizations.filter((a) => !pendingLoans.has(a.loan_id)).delete();
  const absent: ShadowRow[] = [];
  for (const loanId of pendingLoans) {
    absent.push({ entity: 'loans', id: loanId, loanId, row: null });
    for (const id of await db.amortizations.where('loan_id').equals(loanId).primaryKeys())
      absent.push({ entity: 'amortizations', id, loanId, row: null });
  }
  await db.shadows.bulkPut(absent);
  await db.meta.delete('snapshotComplete');
}

/** The loan a loan or amortization row belongs to, for a tombstone (null: the device never had it). */
async function loanOfTombstone(db: LocalDb, t: Tombstone): Promise<number | null> {
  if (t.entity === 'loans') return t.id;
  const row = await db.amortizations.get(t.id);
  if (row) return row.loan_id;
  return (await db.shadows.get(['amortizations', t.id]))?.loanId ?? null;
}

async function applyTombstones(db: LocalDb, tombstones: Tombstone[], held: Set<number>) {
  const direct = new Map<string, number[]>();
  for (const t of tombstones) {
    if (t.entity === 'loans' || t.entity === 'amortizations') {
      const loanId = await loanOfTombstone(db, t);
      if (loanId !== null && held.has(loanId)) {
        await db.shadows.put({ entity: t.entity, id: t.id, loanId, row: null } as ShadowRow);
        continue;
      }
    }
    direct.set(t.entity, [...(direct.get(t.entity) ?? []), t.id]);
  }
  for (const [entity, ids] of direct) await db.table(entity).bulkDelete(ids);
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
    if (freeRows.length) await db.amortizations.bulkPut(freeRows);
    for (const [entity, rows] of Object.entries(others))
      if (rows.length) await db.table(entity).bulkPut(rows);
    await applyTombstones(db, page.tombstones, held);

    // Loans whose edits were all answered since the last pull go back to the server's rows here, with the
    // rows this page brought; loans still waiting get this page's rows with their edits replayed on top.
    await rebaseLoans(db, held, today);
    await setMeta(db, 'cursor', page.cursor);
    await raiseServerLastMutationId(db, page.lastMutationId);
    if (!page.hasMore) await setMeta(db, 'snapshotComplete', true);
  });
}
