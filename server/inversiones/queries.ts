import type { InversionInput } from '../../shared/inversiones/schemas';
import type { Inversion } from '../../shared/inversiones/types';
import { toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import type { ReportRange } from '../reports/report-range';

const columns = (db: Db) => db`id::int as id, to_char(fecha, 'YYYY-MM-DD') as fecha, importe::text as importe,
  responsable, tipo, descripcion, created_at`;

type InversionRow = Omit<Inversion, 'importe'> & { importe: string };
const toInversion = (r: InversionRow): Inversion => ({ ...r, importe: Number(r.importe) });

export async function listInversiones(db: Db, accountId: number, range: ReportRange): Promise<Inversion[]> {
  const rows = await db<InversionRow[]>`
    select ${columns(db)} from inversiones
    where account_id = ${accountId} and fecha between ${range.from} and ${range.to}
    order by fecha desc, id desc`;
  return rows.map(toInversion);
}

export async function insertInversion(
  db: Db,
  accountId: number,
  userId: number,
  input: InversionInput,
): Promise<Inversion> {
  const [row] = await db<InversionRow[]>`
    insert into inversiones (account_id, fecha, importe, responsable, tipo, descripcion, created_by)
    values (${accountId}, ${input.fecha}, ${toNumericText(input.importe)}, ${input.responsable}, ${input.tipo},
      ${input.descripcion}, ${userId})
    returning ${columns(db)}`;
  return toInversion(row!);
}
