import { type Cents, cents, toCents } from '../../shared/money';
import type { ExpenseLine } from '../../shared/reports/types';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';
import type { ReportRange } from './report-range';

const c = (text: string | null) => toCents(text ?? '0') ?? cents(0);

/**
 * Money collected in the range and its interest share (docs/reglas-del-negocio.md: amount × interes / (100 + interes), the
 * loan's own rate), kept unrounded per day in report_daily and rounded once here to the centavo. Each share
 * is exact to 20 decimals (sql/020 interest_share): at 12 the error of even millions of them is gone, and a sum
 * that is exactly half a centavo rounds up, as the ledger's own sum does.
 */
export async function collectedInterest(
  db: Db,
  scope: Scope,
  range: ReportRange,
): Promise<{ cobrado: Cents; interes: Cents }> {
  const [row] = await db<{ cobrado: string | null; interes: string | null }[]>`
    select sum(d.cobrado)::text as cobrado, round(round(sum(d.interes_cobrado), 12), 2)::text as interes
    from report_daily d
    where d.account_id = ${scope.accountId} and d.fecha between ${range.from} and ${range.to}
      ${inTowns(db, scope, 'd.municipality_id')}`;
  return { cobrado: c(row?.cobrado ?? null), interes: c(row?.interes ?? null) };
}

/** Egresos of the range per catalogue concept, with the concept's type (docs/producto.md §3). */
export async function expensesByConcept(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<ExpenseLine[]> {
  const rows = await db<{ concepto: string; tipo: ExpenseLine['tipo']; total: string }[]>`
    select k.concepto, k.tipo, sum(e.importe)::text as total
    from egresos e
    join catalogo_egresos k on k.id = e.catalogo_egreso_id and k.account_id = ${accountId}
    where e.account_id = ${accountId} and e.fecha between ${range.from} and ${range.to}
    group by k.id, k.concepto, k.tipo
    order by k.tipo, k.concepto`;
  return rows.map((r) => ({ concepto: r.concepto, tipo: r.tipo, total: Number(r.total) }));
}
