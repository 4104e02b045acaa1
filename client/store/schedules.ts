// A loan's amortizaciones travel together, as its schedule (decision 013): every reader and writer wants a loan's
// rows at once. Schedules are kept in buckets of loans (decision 019); this module is the only one that knows
// a schedule's shape.
import type { LocalDb } from './database';
import type { LocalAmortization, LocalSchedule } from './local-types';

/** Schedules per read request (~15 rows each). */
const READ_CHUNK = 200;

/** The order an index on loan_id used to give: by row id within the loan. */
const byId = (a: LocalAmortization, b: LocalAmortization) => a.id - b.id;

const schedule = (loanId: number, rows: LocalAmortization[]): LocalSchedule => ({
  loan_id: loanId,
  rows: rows.sort(byId),
});

/** The loan's rows on the device (none: the loan has no schedule here). */
export async function scheduleOf(db: LocalDb, loanId: number): Promise<LocalAmortization[]> {
  return (await db.schedules.get(loanId))?.rows ?? [];
}

/** The rows of each loan asked for, in one read; a loan without a schedule maps to no rows. */
export async function schedulesOf(
  db: LocalDb,
  loanIds: readonly number[],
): Promise<Map<number, LocalAmortization[]>> {
  // In chunks: each answer is turned into objects in its own task, so a town's week (thousands of loans)
  // never holds the main thread in one long piece.
  const chunks: number[][] = [];
  for (let i = 0; i < loanIds.length; i += READ_CHUNK) chunks.push(loanIds.slice(i, i + READ_CHUNK));
  const found = (await Promise.all(chunks.map((ids) => db.schedules.bulkGet(ids)))).flat();
  return new Map(loanIds.map((id, i) => [id, found[i]?.rows ?? []]));
}

/** Every row of those loans, loan after loan. */
export async function rowsOfLoans(db: LocalDb, loanIds: readonly number[]): Promise<LocalAmortization[]> {
  return [...(await schedulesOf(db, loanIds)).values()].flat();
}

/** Writes `rows` as the loan's whole schedule (no rows: the loan has none on the device). */
export async function writeSchedule(db: LocalDb, loanId: number, rows: LocalAmortization[]): Promise<void> {
  if (rows.length === 0) await db.schedules.delete(loanId);
  else await db.schedules.put(schedule(loanId, [...rows]));
}

/** The stored schedules of `loanIds` (their buckets are read once each, decision 019). */
async function storedSchedules(db: LocalDb, loanIds: readonly number[]): Promise<Map<number, LocalSchedule>> {
  const found = await db.schedules.bulkGet(loanIds);
  return new Map(found.flatMap((s) => (s ? [[s.loan_id, s] as const] : [])));
}

/** Puts rows (new or changed) into their loans' schedules: one read and one write per bucket touched. */
export async function putScheduleRows(db: LocalDb, rows: readonly LocalAmortization[]): Promise<void> {
  if (rows.length === 0) return;
  const incoming = new Map<number, LocalAmortization[]>();
  for (const row of rows) {
    // A row without its keys would sit in a schedule no one finds it by; the page is refused whole instead.
    if (!Number.isInteger(row.id) || !Number.isInteger(row.loan_id))
      throw new TypeError(`Amortización sin id o sin préstamo: ${JSON.stringify(row)}`);
    const list = incoming.get(row.loan_id);
    if (list) list.push(row);
    else incoming.set(row.loan_id, [row]);
  }
  const loanIds = [...incoming.keys()];
  const stored = await storedSchedules(db, loanIds);
  await db.schedules.bulkPut(
    loanIds.map((loanId) => {
      const merged = new Map((stored.get(loanId)?.rows ?? []).map((r) => [r.id, r]));
      for (const row of incoming.get(loanId)!) merged.set(row.id, row);
      return schedule(loanId, [...merged.values()]);
    }),
  );
}

/**
 * The loan each row id belongs to, for rows the device holds: the hinted loans are read first, and only ids
 * still unplaced cost a walk over every schedule (a deleted row whose loan did not change: rare).
 */
export async function loansOfRows(
  db: LocalDb,
  rowIds: readonly number[],
  hint: readonly number[] = [],
): Promise<Map<number, number>> {
  const wanted = new Set(rowIds);
  const found = new Map<number, number>();
  const place = (s: LocalSchedule | undefined) => {
    for (const row of s?.rows ?? []) if (wanted.has(row.id)) found.set(row.id, s!.loan_id);
  };
  if (hint.length) for (const s of await db.schedules.bulkGet([...new Set(hint)])) place(s);
  if (found.size < wanted.size) for (const s of await db.schedules.toArray()) place(s);
  return found;
}

/** Removes rows from their loans' schedules (`loanOf`: where each id is, from loansOfRows). */
export async function deleteScheduleRows(db: LocalDb, loanOf: Map<number, number>): Promise<void> {
  const byLoan = new Map<number, Set<number>>();
  for (const [rowId, loanId] of loanOf) byLoan.set(loanId, (byLoan.get(loanId) ?? new Set()).add(rowId));
  const loanIds = [...byLoan.keys()];
  const stored = await db.schedules.bulkGet(loanIds);
  for (const [i, loanId] of loanIds.entries()) {
    const gone = byLoan.get(loanId)!;
    await writeSchedule(
      db,
      loanId,
      (stored[i]?.rows ?? []).filter((r) => !gone.has(r.id)),
    );
  }
}
