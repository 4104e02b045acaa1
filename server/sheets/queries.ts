// SQL of the weekly sheets (docs/reglas-del-negocio.md), as postgres.js tagged templates. Money leaves here in pesos.
import type { IsoDate } from '../../shared/dates';
import { pesos } from '../../shared/money';
import type { CollectionDay } from '../../shared/municipalities/schemas';
import type { SheetListQuery } from '../../shared/sheets/schemas';
import type { SheetLog, WeeklySheet } from '../../shared/sheets/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

export interface SheetMunicipality {
  id: number;
  name: string;
  collection_day: CollectionDay;
}

export async function findSheetMunicipality(
  db: Db,
  scope: Scope,
  id: number,
): Promise<SheetMunicipality | undefined> {
  const [row] = await db<SheetMunicipality[]>`select id, name, collection_day from municipalities
    where account_id = ${scope.accountId} and id = ${id} ${inTowns(db, scope, 'id')}`;
  return row;
}

type SheetDbRow = Omit<
  WeeklySheet,
  'monto_esperado' | 'monto_cobrado' | 'created_at' | 'proccessing_date' | 'url'
> & {
  monto_esperado: string;
  monto_cobrado: string;
  created_at: Date;
  proccessing_date: Date | null;
};

const toSheet = (r: SheetDbRow): WeeklySheet => ({
  ...r,
  url: `/api/weekly-sheets/${r.id}/file`,
  monto_esperado: pesos(r.monto_esperado),
  monto_cobrado: pesos(r.monto_cobrado),
  log: (r.log ?? {}) as SheetLog,
  proccessing_date: r.proccessing_date?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

const sheetSelect = (db: Db) => db`select s.id, s.municipality_id, m.name as municipality_name,
    s.coverage_week::text as coverage_week, s.coverage_week_end::text as coverage_week_end, s.week, s.processed,
    s.proccessing_date, s.monto_esperado, s.monto_cobrado, s.log, s.created_at,
    (select count(*)::int from weekly_sheet_loans w where w.weekly_sheet_id = s.id
      and w.account_id = s.account_id) as loans_count
  from weekly_sheets s
  join municipalities m on m.id = s.municipality_id and m.account_id = s.account_id`;

export async function listSheets(db: Db, scope: Scope, q: SheetListQuery, timeZone: string) {
  const created = db`(s.created_at at time zone ${timeZone})::date`;
  const rows = await db<SheetDbRow[]>`${sheetSelect(db)}
    where s.account_id = ${scope.accountId} ${inTowns(db, scope, 's.municipality_id')}
      ${q.municipalityId !== undefined ? db`and s.municipality_id = ${q.municipalityId}` : db``}
      ${q.processed !== undefined ? db`and s.processed = ${q.processed}` : db``}
      ${q.week ? db`and s.week ilike ${`%${q.week.replace(/[%_\\]/g, '')}%`}` : db``}
      ${q.startDate ? db`and ${created} >= ${q.startDate}::date` : db``}
      ${q.endDate ? db`and ${created} <= ${q.endDate}::date` : db``}
    order by s.coverage_week desc, s.id desc
    limit 500`;
  return rows.map(toSheet);
}

export async function findSheet(db: Db, scope: Scope, id: number): Promise<WeeklySheet | undefined> {
  const [row] = await db<SheetDbRow[]>`${sheetSelect(db)}
    where s.account_id = ${scope.accountId} and s.id = ${id} ${inTowns(db, scope, 's.municipality_id')}`;
  return row ? toSheet(row) : undefined;
}

export interface LockedSheet {
  id: number;
  municipality_id: number;
  coverage_week: IsoDate;
  coverage_week_end: IsoDate;
  processed: boolean;
  created_at: Date;
}

const lockedColumns = (db: Db) => db`id, municipality_id, coverage_week::text as coverage_week,
  coverage_week_end::text as coverage_week_end, processed, created_at`;

/** The sheet, locked for the rest of the transaction (generation, processing and deletion queue up). */
export async function lockSheet(db: Db, scope: Scope, id: number): Promise<LockedSheet | undefined> {
  const [row] = await db<LockedSheet[]>`select ${lockedColumns(db)} from weekly_sheets
    where account_id = ${scope.accountId} and id = ${id} ${inTowns(db, scope, 'municipality_id')} for update`;
  return row;
}

export async function lockSheetOfWeek(
  db: Db,
  accountId: number,
  municipalityId: number,
  coverageWeek: IsoDate,
): Promise<LockedSheet | undefined> {
  const [row] = await db<LockedSheet[]>`select ${lockedColumns(db)} from weekly_sheets
    where account_id = ${accountId} and municipality_id = ${municipalityId}
      and coverage_week = ${coverageWeek}::date
    for update`;
  return row;
}

export async function deleteSheet(db: Db, accountId: number, id: number): Promise<void> {
  await db`delete from weekly_sheets where account_id = ${accountId} and id = ${id}`;
}
