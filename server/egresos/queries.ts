import type { EgresoInput } from '../../shared/egresos/schemas';
import type { CatalogoEgreso, Egreso, EgresoConceptTotal } from '../../shared/egresos/types';
import { toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import type { ReportRange } from '../reports/report-range';

interface EgresoRow extends Omit<Egreso, 'importe' | 'catalogo_egreso'> {
  importe: string;
  concepto: string;
  tipo: CatalogoEgreso['tipo'];
}

const toEgreso = ({ concepto, tipo, importe, ...r }: EgresoRow): Egreso => ({
  ...r,
  importe: Number(importe),
  catalogo_egreso: { concepto, tipo },
});

export async function listEgresos(db: Db, accountId: number, range: ReportRange): Promise<Egreso[]> {
  const rows = await db<EgresoRow[]>`
    select e.id::int as id, to_char(e.fecha, 'YYYY-MM-DD') as fecha, e.importe::text as importe, e.responsable,
      e.catalogo_egreso_id::int as catalogo_egreso_id, k.concepto, k.tipo, e.created_at
    from egresos e
    join catalogo_egresos k on k.id = e.catalogo_egreso_id and k.account_id = ${accountId}
    where e.account_id = ${accountId} and e.fecha between ${range.from} and ${range.to}
    order by e.fecha desc, e.id desc`;
  return rows.map(toEgreso);
}

export async function egresoTotals(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<EgresoConceptTotal[]> {
  const rows = await db<(Omit<EgresoConceptTotal, 'total'> & { total: string })[]>`
    select k.id::int as catalogo_egreso_id, k.concepto, k.tipo, sum(e.importe)::text as total, count(*)::int as count
    from egresos e
    join catalogo_egresos k on k.id = e.catalogo_egreso_id and k.account_id = ${accountId}
    where e.account_id = ${accountId} and e.fecha between ${range.from} and ${range.to}
    group by k.id, k.concepto, k.tipo
    order by sum(e.importe) desc, k.concepto`;
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export async function listCatalogo(db: Db, accountId: number): Promise<CatalogoEgreso[]> {
  return db<CatalogoEgreso[]>`
    select id::int as id, identificador, concepto, tipo from catalogo_egresos
    where account_id = ${accountId} order by concepto, id`;
}

export async function catalogoExists(db: Db, accountId: number, id: number): Promise<boolean> {
  const [row] = await db`select 1 from catalogo_egresos where account_id = ${accountId} and id = ${id}`;
  return row !== undefined;
}

export async function findEgreso(db: Db, accountId: number, id: number): Promise<Egreso | null> {
  const [row] = await db<EgresoRow[]>`
    select e.id::int as id, to_char(e.fecha, 'YYYY-MM-DD') as fecha, e.importe::text as importe, e.responsable,
      e.catalogo_egreso_id::int as catalogo_egreso_id, k.concepto, k.tipo, e.created_at
    from egresos e
    join catalogo_egresos k on k.id = e.catalogo_egreso_id and k.account_id = ${accountId}
    where e.account_id = ${accountId} and e.id = ${id}`;
  return row ? toEgreso(row) : null;
}

export async function insertEgreso(
  db: Db,
  accountId: number,
  userId: number,
  input: EgresoInput,
): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    insert into egresos (account_id, fecha, importe, responsable, catalogo_egreso_id, created_by)
    values (${accountId}, ${input.fecha}, ${toNumericText(input.importe)}, ${input.responsable},
      ${input.id_catalogo}, ${userId})
    returning id::int as id`;
  return row!.id;
}

export async function updateEgreso(
  db: Db,
  accountId: number,
  id: number,
  input: EgresoInput,
): Promise<boolean> {
  const rows = await db`
    update egresos set fecha = ${input.fecha}, importe = ${toNumericText(input.importe)},
      responsable = ${input.responsable}, catalogo_egreso_id = ${input.id_catalogo}, updated_at = now()
    where account_id = ${accountId} and id = ${id}
    returning id`;
  return rows.length > 0;
}
