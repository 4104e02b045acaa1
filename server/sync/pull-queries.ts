import type { Tombstone } from '../../shared/sync/types';
import type { Db } from '../db/connect';
import { boundFor, ENTITIES, type StreamKey, TOMBSTONES } from './cursor';
import type { ScopeCuts } from './scope';

/** The account's last version taken (0 before its first synced write). */
export async function accountVersion(db: Db, accountId: number): Promise<number> {
  const [row] = await db<{ version: number }[]>`select version from sync_versions
    where account_id = ${accountId}`;
  return row?.version ?? 0;
}

/** `column` is one of the user's municipalities (no condition when the user reads all of them). */
const inMunicipalities = (db: Db, column: ReturnType<Db>, cuts: ScopeCuts) =>
  cuts.municipalities === null
    ? db`true`
    : db`${column} = any(${db.array([...cuts.municipalities])}::bigint[])`;

const loanInScope = (db: Db, alias: string, cuts: ScopeCuts) =>
  db`(not ${db(alias)}.pagada or coalesce(${db(alias)}.closed_at, 'infinity') >= ${cuts.closedSince})
    and ${inMunicipalities(db, db`${db(alias)}.municipality_id`, cuts)}`;

/** Extra joins and conditions that keep an entity's rows to the device's scope. */
export function scopeOf(db: Db, accountId: number, entity: number, cuts: ScopeCuts) {
  switch (ENTITIES[entity]) {
    case 'municipalities':
      return db`and ${inMunicipalities(db, db`x.id`, cuts)}`;
    case 'clients':
      return db`and ${inMunicipalities(db, db`x.municipality_id`, cuts)}`;
    case 'loans':
      return db`and ${loanInScope(db, 'x', cuts)}`;
    // Scalar subqueries, not EXISTS: Postgres keeps them as per-row filters instead of turning them into
    // joins, so the page walks the (account_id, version, id) index whatever the table statistics say.
    case 'amortizations':
      return db`and (select ${loanInScope(db, 'l', cuts)} from loans l
        where l.id = x.loan_id and l.account_id = x.account_id)`;
    case 'visits':
      return db`and x.fecha >= ${cuts.sheetsSince}::date and (select ${loanInScope(db, 'l', cuts)} from loans l
        where l.id = x.loan_id and l.account_id = x.account_id)`;
    case 'payments':
      if (cuts.paymentsSince === null) return db`and false`;
      // A user limited to some towns: their loans' events by loan, then sorted (a town of 500 loans, 13 ms),
      // instead of walking every recent event of the account and looking up each one's loan (83 ms a page).
      if (cuts.municipalities !== null)
        return db`and x.fecha >= ${cuts.paymentsSince}::date and x.loan_id = any(array(select l.id from loans l
          where l.account_id = ${accountId} and ${loanInScope(db, 'l', cuts)}))`;
      return db`and x.fecha >= ${cuts.paymentsSince}::date and (select ${loanInScope(db, 'l', cuts)} from loans l
          where l.id = x.loan_id and l.account_id = x.account_id)`;
    case 'weekly_sheets':
      return db`and x.coverage_week >= ${cuts.sheetsSince}::date
        and ${inMunicipalities(db, db`x.municipality_id`, cuts)}`;
    case 'weekly_sheet_loans':
      return db`and (select s.coverage_week >= ${cuts.sheetsSince}::date
          and ${inMunicipalities(db, db`s.municipality_id`, cuts)}
        from weekly_sheets s where s.id = x.weekly_sheet_id and s.account_id = x.account_id)`;
    default:
      return db``;
  }
}

/**
 * The next `limit` keys of the account's stream after `after`, in (version, entity, id) order: each table
 * walks its (account_id, version, id) index from the cursor, within the scope, and the merge keeps the first.
 * Run inside the pull's repeatable-read transaction: every version below the highest one it sees is
 * committed (versions of an account commit in order, docs/sincronizacion.md), so the cursor never passes a late row.
 */
export async function streamKeys(
  db: Db,
  accountId: number,
  after: StreamKey,
  cuts: ScopeCuts,
  limit: number,
): Promise<StreamKey[]> {
  const tables = [...ENTITIES, 'sync_tombstones'];
  const parts = tables.map((table, entity) => {
    const bound = boundFor(after, entity);
    const scope = entity === TOMBSTONES ? db`` : scopeOf(db, accountId, entity, cuts);
    return db`(select ${entity}::int as entity, x.version, x.id from ${db(table)} x
      where x.account_id = ${accountId}
        and (x.version, x.id) > (${bound.version}::bigint, ${bound.id}::bigint) ${scope}
      order by x.version, x.id limit ${limit})`;
  });
  const union = parts.reduce((all, part) => db`${all} union all ${part}`);
  return db<StreamKey[]>`select entity, version, id from (${union}) k
    order by version, entity, id limit ${limit}`;
}

/**
 * How many keys a full download holds (every table's rows in scope, and the stored tombstones): the
 * device's progress counts its stored rows against this. Read once, on the first page of a download.
 */
export async function streamCount(
  db: Db,
  accountId: number,
  cuts: ScopeCuts,
  opts: { tombstones?: boolean } = {},
): Promise<number> {
  // A snapshot sends no stored deletions (the device held nothing before it): they are not part of its size.
  const tables = opts.tombstones === false ? [...ENTITIES] : [...ENTITIES, 'sync_tombstones'];
  const parts = tables.map((table, entity) => {
    // The amortizaciones are nine in ten rows: counted through a join with their loans, which Postgres
    // hashes once, instead of the per-row scope lookup a page walk uses.
    // A user limited to some towns: counted loan by loan through the (loan_id, numero_pago) index instead
    // (one town of nine: 31 ms instead of 120 ms for a scan of every row of the account).
    if (ENTITIES[entity] === 'amortizations' && cuts.municipalities !== null)
      return db`(select coalesce(sum((select count(*) from amortizations x
          where x.loan_id = l.id and x.account_id = l.account_id)), 0)::bigint as n
        from loans l where l.account_id = ${accountId} and ${loanInScope(db, 'l', cuts)})`;
    if (ENTITIES[entity] === 'amortizations')
      return db`(select count(*)::bigint as n from amortizations x
        join loans l on l.id = x.loan_id and l.account_id = x.account_id
        where x.account_id = ${accountId} and ${loanInScope(db, 'l', cuts)})`;
    const scope = entity === TOMBSTONES ? db`` : scopeOf(db, accountId, entity, cuts);
    return db`(select count(*)::bigint as n from ${db(table)} x where x.account_id = ${accountId} ${scope})`;
  });
  const union = parts.reduce((all, part) => db`${all} union all ${part}`);
  const [row] = await db<{ total: string }[]>`select coalesce(sum(n), 0)::text as total from (${union}) c`;
  return Number(row?.total ?? 0);
}

export async function tombstonesByIds(db: Db, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db<Tombstone[]>`select entity, entity_id as id from sync_tombstones
    where account_id = ${accountId} and id = any(${db.array([...ids])}::bigint[])
    order by version, id`;
}

/** Where each removal kind sits in the stream's entity order: the order exits are paged in. */
const EXIT_ORDER = {
  loans: ENTITIES.indexOf('loans'),
  amortizations: ENTITIES.indexOf('amortizations'),
  weekly_sheets: ENTITIES.indexOf('weekly_sheets'),
  weekly_sheet_loans: ENTITIES.indexOf('weekly_sheet_loans'),
  visits: ENTITIES.indexOf('visits'),
  payments: ENTITIES.indexOf('payments'),
};

export interface ScopeExit extends Tombstone {
  /** The entity's index in ENTITIES: with the id, the position a page of exits ends at. */
  order: number;
}

/**
 * Rows that left the scope between two evaluations of it, with no write to mark them: loans whose
 * closed_at crossed the 8-week line (and their rows, visits and payment events), visits and sheets whose date
 * crossed the 12-week line (and the sheets' loans), payment events whose date crossed their 3-week line. Scope only shrinks with time (a paid loan never reopens), so this is every exit.
 * A page at a time, in (entity, id) order after `after`: a device away for weeks may have thousands.
 */
export async function scopeExits(
  db: Db,
  accountId: number,
  from: ScopeCuts,
  to: ScopeCuts,
  page: { after: { entity: number; id: number } | null; limit: number },
): Promise<ScopeExit[]> {
  const loans = db`select l.id from loans l where l.account_id = ${accountId} and l.pagada
    and l.closed_at >= ${from.closedSince} and l.closed_at < ${to.closedSince}
    and ${inMunicipalities(db, db`l.municipality_id`, to)}`;
  const sheets = db`select s.id from weekly_sheets s where s.account_id = ${accountId}
    and s.coverage_week >= ${from.sheetsSince}::date and s.coverage_week < ${to.sheetsSince}::date
    and ${inMunicipalities(db, db`s.municipality_id`, to)}`;
  const after = page.after ?? { entity: -1, id: 0 };
  return db<ScopeExit[]>`
    with gone_loans as (${loans}), gone_sheets as (${sheets}), exits as (
      select 'loans' as entity, ${EXIT_ORDER.loans}::int as "order", id from gone_loans
      union all
      select 'amortizations', ${EXIT_ORDER.amortizations}::int, a.id from amortizations a
        where a.account_id = ${accountId} and a.loan_id in (select id from gone_loans)
      union all
      select 'visits', ${EXIT_ORDER.visits}::int, v.id from visits v
        where v.account_id = ${accountId} and (v.loan_id in (select id from gone_loans)
          or (v.fecha >= ${from.sheetsSince}::date and v.fecha < ${to.sheetsSince}::date))
      union all
      select 'payments', ${EXIT_ORDER.payments}::int, p.id from payments p
        where ${to.paymentsSince !== null} and p.account_id = ${accountId} and (p.loan_id in (select id from gone_loans)
          or (p.fecha >= ${from.paymentsSince ?? to.paymentsSince ?? '2000-01-01'}::date
            and p.fecha < ${to.paymentsSince ?? '2000-01-01'}::date))
      union all
      select 'weekly_sheets', ${EXIT_ORDER.weekly_sheets}::int, id from gone_sheets
      union all
      select 'weekly_sheet_loans', ${EXIT_ORDER.weekly_sheet_loans}::int, w.id from weekly_sheet_loans w
        where w.account_id = ${accountId} and w.weekly_sheet_id in (select id from gone_sheets))
    select entity, "order", id from exits
    where ("order", id) > (${after.entity}::int, ${after.id}::bigint)
    order by "order", id limit ${page.limit}`;
}
