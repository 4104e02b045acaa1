import type { PendingQuery, Row } from 'postgres';
import { isFix, type RecordedLocation } from '../../shared/location/types';
import type { Visit } from '../../shared/visits/types';
import type { Db } from '../db/connect';
import { type LocatedRow, placeColumns, placeOf } from '../location/places';

export interface VisitWrite {
  accountId: number;
  loanId: number;
  userId: number;
  motivo: string;
  fecha: string;
  fechaPromesa: string | null;
  nota: string | null;
  receiptId: string;
  clientId: string;
  mutationId: number;
  clientTime: Date | null;
  /** Where 'No pagó' was saved, or why not; absent when the phone did not say. */
  location?: RecordedLocation;
}

/** True when the loan is the account's and in one of the user's municipalities. */
export async function loanVisibleTo(db: Db, accountId: number, userId: number, loanId: number) {
  const rows = await db`select 1 from loans
    where id = ${loanId} and account_id = ${accountId} and user_sees_municipality(${userId}, municipality_id)`;
  return rows.length > 0;
}

/**
 * The new visit's id, or null when its receipt is already stored (a replay under another mutation id). Its
 * location is kept only while the account records them (sql/022).
 */
export async function insertVisit(db: Db, w: VisitWrite): Promise<number | null> {
  const fix = w.location && isFix(w.location) ? w.location : null;
  const sin = w.location && !isFix(w.location) ? w.location.sin : null;
  const [row] = await db<{ id: number }[]>`insert into visits (account_id, loan_id, user_id, motivo, fecha,
      fecha_promesa, nota, receipt_id, client_id, mutation_id, client_time, ubicacion_lat, ubicacion_lon,
      ubicacion_precision_m, ubicacion_tomada, sin_ubicacion)
    select ${w.accountId}, ${w.loanId}, ${w.userId}, ${w.motivo}, ${w.fecha}, ${w.fechaPromesa}, ${w.nota},
      ${w.receiptId}, ${w.clientId}, ${w.mutationId}, ${w.clientTime},
      case when a.registrar_ubicacion then ${fix?.lat ?? null}::float8 end,
      case when a.registrar_ubicacion then ${fix?.lon ?? null}::float8 end,
      case when a.registrar_ubicacion then ${fix?.precision ?? null}::float8 end,
      case when a.registrar_ubicacion then ${fix?.tomada ?? null}::timestamptz end,
      case when a.registrar_ubicacion then ${sin}::text end
    from accounts a where a.id = ${w.accountId}
    on conflict (account_id, receipt_id) do nothing
    returning id`;
  return row?.id ?? null;
}

interface VisitRow extends Omit<Visit, 'client_time' | 'created_at'> {
  client_time: Date | null;
  created_at: Date;
}

export const toVisit = (r: VisitRow): Visit => ({
  ...r,
  client_time: r.client_time?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

const visitColumns = (db: Db) => db`v.id, v.loan_id, v.user_id, u.name as user_name, v.motivo,
  v.fecha::text as fecha, v.fecha_promesa::text as fecha_promesa, v.nota, v.receipt_id, v.client_time,
  v.created_at, v.version`;

/** The sync page's visits, by id. */
export async function visitsByIds(
  db: Db,
  accountId: number,
  ids: readonly number[] | PendingQuery<Row[]>,
): Promise<Visit[]> {
  const idList = Array.isArray(ids) ? db`${db.array([...ids])}::bigint[]` : ids;
  const rows = await db<VisitRow[]>`select ${visitColumns(db)}
    from visits v join users u on u.id = v.user_id
    where v.account_id = ${accountId} and v.id = any(${idList})
    order by v.version, v.id`;
  return rows.map(toVisit);
}

/**
 * A loan's visits, newest first; `located`: with where each was saved and its distance to the client's place
 * (only for readers of locations, REPORTES_VER: the others get no `ubicacion` at all).
 */
export async function visitsOfLoan(
  db: Db,
  accountId: number,
  loanId: number,
  located = false,
): Promise<Visit[]> {
  if (!located) {
    const rows = await db<VisitRow[]>`select ${visitColumns(db)}
      from visits v join users u on u.id = v.user_id
      where v.account_id = ${accountId} and v.loan_id = ${loanId}
      order by v.fecha desc, v.id desc`;
    return rows.map(toVisit);
  }
  const rows = await db<(VisitRow & LocatedRow)[]>`select ${visitColumns(db)}, ${placeColumns(db, 'v')}
    from visits v join users u on u.id = v.user_id
    join loans l on l.id = v.loan_id and l.account_id = v.account_id
    left join lateral (select c.lat, c.lon from client_locations c
      where c.account_id = l.account_id and c.cliente_id = l.client_id order by c.id desc limit 1) cl on true
    where v.account_id = ${accountId} and v.loan_id = ${loanId}
    order by v.fecha desc, v.id desc`;
  return rows.map((r) => {
    const { place, rest } = placeOf(r);
    return { ...toVisit(rest as VisitRow), ubicacion: place };
  });
}
