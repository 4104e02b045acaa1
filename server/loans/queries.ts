import type { IsoDate } from '../../shared/dates';
import { overdueCount, pendingCount } from '../../shared/loans/derived';
import { figuresRowOf, loanFigures } from '../../shared/loans/figures';
import type { LoanHistoryQuery, LoanListQuery } from '../../shared/loans/schemas';
import { type Loan, type Pagination, paginationOf } from '../../shared/loans/types';
import { toCents } from '../../shared/money';
import type { CollectionDay } from '../../shared/municipalities/schemas';
import { collectionWeekOf } from '../../shared/sheets/coverage-week';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';
import { amortizationsOf, type LoanDbRow, loanColumns, toLoanRecord } from './rows';

type Filters = Omit<LoanListQuery, 'page' | 'limit'>;

/** A search of 3 characters or more has trigrams: the index finds its candidate clients (sql/008). */
const hasTrigrams = (name: string | undefined): name is string => name !== undefined && [...name].length >= 3;

/**
 * Clients whose name contains `name`, accent- and case-insensitive, on the stored normalised name (sql/008).
 * Every trigram of the search is in a matching name, so the trigram index narrows the candidates; strpos decides.
 */
function nameFilter(db: Db, name: string) {
  const candidates = hasTrigrams(name)
    ? db`and search_trigrams(c.nombre_busqueda) @> search_trigrams(search_text(${name}))`
    : db``;
  return db`and strpos(c.nombre_busqueda, search_text(${name})) > 0 ${candidates}`;
}

/**
 * The filters of docs/producto.md §7 on alias `l` (and `c` for the client's name, accent- and case-insensitive).
 * Status uses the stored derived fields, as the list shows them: activos = neither paid nor overdue,
 * vencidos = overdue; with both, either; with neither (or both false), no status filter.
 */
function where(db: Db, scope: Scope, f: Filters) {
  const status =
    f.activos && f.vencidos
      ? db`and not l.pagada`
      : f.activos
        ? db`and not l.pagada and not l.vencido`
        : f.vencidos
          ? db`and l.vencido`
          : db``;
  return db`where l.account_id = ${scope.accountId} ${inTowns(db, scope, 'l.municipality_id')}
    ${f.startDate ? db`and l.fecha_inicio >= ${f.startDate}::date` : db``}
    ${f.endDate ? db`and l.fecha_inicio <= ${f.endDate}::date` : db``}
    ${f.clientId ? db`and l.client_id = ${f.clientId}` : db``}
    ${f.municipalityId ? db`and l.municipality_id = ${f.municipalityId}` : db``}
    ${f.clientName ? nameFilter(db, f.clientName) : db``}
    ${status}`;
}

const clientJoin = (db: Db) => db`join clients c on c.id = l.client_id and c.account_id = l.account_id`;

type JoinedRow = LoanDbRow & {
  client_nombre: string;
  client_telefono: string;
  client_coordinadora: boolean;
  municipality_name: string;
  collection_day: CollectionDay;
};

/**
 * Full loans (client, municipality, derived counts, rows in numero_pago order), in the order of `ids`; an id
 * outside the scope is left out, as one that does not exist.
 */
export async function findLoans(db: Db, scope: Scope, ids: readonly number[], today: IsoDate) {
  const { accountId } = scope;
  if (ids.length === 0) return [];
  const rows = await db<JoinedRow[]>`select ${loanColumns(db)}, c.nombre as client_nombre,
      c.telefono as client_telefono, c.coordinadora as client_coordinadora, m.name as municipality_name,
      m.collection_day
    from loans l
    ${clientJoin(db)}
    join municipalities m on m.id = l.municipality_id and m.account_id = l.account_id
    where l.account_id = ${accountId} and l.id = any(${db.array([...ids])}::bigint[])
      ${inTowns(db, scope, 'l.municipality_id')}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const amortizations = await amortizationsOf(db, accountId, ids);
  return ids.flatMap((id): Loan[] => {
    const r = byId.get(id);
    if (!r) return [];
    const record = toLoanRecord(r);
    const rowsOf = amortizations.get(id) ?? [];
    const overdue = overdueCount(record);
    const week = collectionWeekOf(r.collection_day, today);
    const figures = loanFigures(
      { ...record, monto_con_interes: toCents(record.monto_con_interes)! },
      rowsOf.map(figuresRowOf),
      today,
      { start: week.coverageWeek, end: week.coverageWeekEnd },
    );
    return [
      {
        ...record,
        client_nombre: r.client_nombre,
        client_telefono: r.client_telefono,
        client_coordinadora: r.client_coordinadora,
        clients: { nombre: r.client_nombre, telefono: r.client_telefono },
        municipality_name: r.municipality_name,
        collection_day: r.collection_day,
        has_unpaid_payments: rowsOf.some((a) => !a.pagada && !a.renovo),
        has_overdue_payments: overdue > 0,
        pending_payments_count: pendingCount(record),
        overdue_payments_count: overdue,
        arrears_count: figures.arrears.rows,
        has_aval: Boolean(r.nombre_aval?.trim()),
        amortizacion: rowsOf,
      },
    ];
  });
}

export async function findLoan(db: Db, scope: Scope, id: number, today: IsoDate) {
  const [loan] = await findLoans(db, scope, [id], today);
  return loan;
}

/** GET /list-loans: a page of loans, newest first (docs/producto.md §7), and the total count. */
export async function listLoans(
  db: Db,
  scope: Scope,
  query: LoanListQuery,
  today: IsoDate,
): Promise<{ data: Loan[]; pagination: Pagination }> {
  const { page, limit, ...filters } = query;
  const { ids, total } = await listPage(db, scope, filters, limit, (page - 1) * limit);
  const data = await findLoans(db, scope, ids, today);
  return { data, pagination: paginationOf(page, limit, total) };
}

/** The ids of one page of the list, newest first, and how many loans match the filters. */
async function listPage(
  db: Db,
  scope: Scope,
  filters: Filters,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  // The client join is only needed to filter by name; the count of an unfiltered list stays index-only.
  const join = filters.clientName ? clientJoin(db) : db``;
  const count = async () => {
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from loans l ${join}
      ${where(db, scope, filters)}`;
    return row!.n;
  };
  if (hasTrigrams(filters.clientName)) {
    // A name search reaches its loans from the clients the trigram index finds (the planner's estimate for
    // the trigram test is low, so it takes that route for any name): done once for the page and the total.
    const rows = await db<{ id: number; n: number }[]>`with found as materialized (
        select l.id, l.created_at from loans l ${join} ${where(db, scope, filters)}
      )
      select f.id, (select count(*) from found)::int as n from found f
      order by f.created_at desc, f.id desc
      limit ${limit} offset ${offset}`;
    if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.n };
    return { ids: [], total: await count() };
  }
  const total = await count();
  const rows = await db<{ id: number }[]>`select l.id from loans l ${join}
    ${where(db, scope, filters)}
    order by l.created_at desc, l.id desc
    limit ${limit} offset ${offset}`;
  return { ids: rows.map((r) => r.id), total };
}

/** GET /loan-history: loans with client and rows, by grupo (docs/producto.md §7), optionally of one municipality. */
export async function loanHistory(db: Db, scope: Scope, query: LoanHistoryQuery, today: IsoDate) {
  const { page, limit, municipalityId } = query;
  const filter = db`${municipalityId ? db`and l.municipality_id = ${municipalityId}` : db``}
    ${inTowns(db, scope, 'l.municipality_id')}`;
  const [count] = await db<{ n: number }[]>`select count(*)::int as n from loans l
    where l.account_id = ${scope.accountId} ${filter}`;
  const ids = await db<{ id: number }[]>`select l.id from loans l ${clientJoin(db)}
    where l.account_id = ${scope.accountId} ${filter}
    order by l.grupo, search_text(c.nombre), l.fecha_inicio, l.id
    limit ${limit} offset ${(page - 1) * limit}`;
  const data = await findLoans(
    db,
    scope,
    ids.map((r) => r.id),
    today,
  );
  return { data, pagination: paginationOf(page, limit, count!.n) };
}

/** The municipality's highest grupo, 1 when it has no loans; undefined when it is not one of the scope's. */
export async function lastGroup(db: Db, scope: Scope, municipalityId: number) {
  const [row] = await db<{ last_group: number }[]>`select coalesce(
      (select max(grupo) from loans where account_id = ${scope.accountId} and municipality_id = m.id), 1
    )::int as last_group
    from municipalities m where m.id = ${municipalityId} and m.account_id = ${scope.accountId}
      ${inTowns(db, scope, 'm.id')}`;
  return row?.last_group;
}
