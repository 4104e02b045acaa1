// A payment's or visit's location as the office reads it (decision 029): the stored columns (sql/022) with the
// distance to the client's latest saved place, worked out with the shared haversine.
import { haversineMeters } from '../../shared/location/distance';
import type { ClientPlace, MotivoSinUbicacion, PlaceView } from '../../shared/location/types';
import type { Db } from '../db/connect';

/** The columns `placeColumns` selects. */
export interface LocatedRow {
  ubicacion_lat: number | null;
  ubicacion_lon: number | null;
  ubicacion_precision_m: number | null;
  ubicacion_tomada: Date | null;
  sin_ubicacion: MotivoSinUbicacion | null;
  /** The client's latest saved place (the query's `cl` lateral join), if any. */
  cliente_lat: number | null;
  cliente_lon: number | null;
}

/**
 * The location columns of table alias `t` and the client's place from a lateral join named `cl` (the query
 * joins it: `left join lateral (select c.lat, c.lon from client_locations c … limit 1) cl on true`).
 */
export const placeColumns = (db: Db, t: 'p' | 'v') =>
  db`${db(t)}.ubicacion_lat, ${db(t)}.ubicacion_lon, ${db(t)}.ubicacion_precision_m, ${db(t)}.ubicacion_tomada,
    ${db(t)}.sin_ubicacion, cl.lat as cliente_lat, cl.lon as cliente_lon`;

/** A row's place, and the row without the location columns. */
export function placeOf<R extends LocatedRow>(
  row: R,
): { place: PlaceView | null; rest: Omit<R, keyof LocatedRow> } {
  const {
    ubicacion_lat: lat,
    ubicacion_lon: lon,
    ubicacion_precision_m: precision,
    ubicacion_tomada: tomada,
    sin_ubicacion: sin,
    cliente_lat,
    cliente_lon,
    ...rest
  } = row;
  if (sin !== null) return { place: { sin }, rest };
  if (lat === null || lon === null || precision === null || tomada === null) return { place: null, rest };
  const distancia =
    cliente_lat === null || cliente_lon === null
      ? null
      : Math.round(haversineMeters({ lat, lon }, { lat: cliente_lat, lon: cliente_lon }));
  return { place: { lat, lon, precision, tomada: tomada.toISOString(), distancia }, rest };
}

/** The latest place saved for the client of loan `loanId`, or null. */
export async function clientPlaceOfLoan(
  db: Db,
  accountId: number,
  loanId: number,
): Promise<ClientPlace | null> {
  const [row] = await db<
    {
      lat: number;
      lon: number;
      precision_m: number;
      tomada: Date;
      created_at: Date;
      user_name: string | null;
    }[]
  >`select c.lat, c.lon, c.precision_m, c.tomada, c.created_at, u.name as user_name
    from loans l
    join client_locations c on c.account_id = l.account_id and c.cliente_id = l.client_id
    left join users u on u.id = c.user_id
    where l.id = ${loanId} and l.account_id = ${accountId}
    order by c.id desc limit 1`;
  if (!row) return null;
  return {
    lat: row.lat,
    lon: row.lon,
    precision: row.precision_m,
    tomada: row.tomada.toISOString(),
    guardada: row.created_at.toISOString(),
    user_name: row.user_name,
  };
}
