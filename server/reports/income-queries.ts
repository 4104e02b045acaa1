import { type Cents, cents, toCents } from '../../shared/money';
import type { ExpenseLine } from '../../shared/reports/types';
import type { Db } from '../db/connect';
import type { ReportRange } from './report-range';

const c = (text: string | null) => toCents(text ?? '0') ?? cents(0);

/**
 * Money collected in the range and its interest share (DESIGN §5: amount × interes / (100 + interes), the
 * loan's own rate), summed exactly in numeric and rounded once to the centavo.
 */
export async function collectedInterest(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<{ cobrado: Cents; interes: Cents }> {
  const [row] = await db<{ cobrado: string | null; interes: string | null }[]>`
    select sum(p.monto)::text as cobrado,
      round(sum(p.monto * p.interes / (100 + p.interes)), 2)::text as interes
    from (
      select case when a.pagada then l.abono else a.parcial end as monto, l.interes
      from amortizations a
      join loans l on l.id = a.loan_id and l.account_id = ${accountId}
      where a.account_id = ${accountId} and a.fecha_pagada between ${range.from} and ${range.to}
        and (a.pagada or a.parcial > 0)
    ) p`;
  return { cobrado: c(row?.cobrado ?? null), interes: c(row?.interes ?? null) };
}

/** Egresos of the range per catalogue concept, with the concept's type (SPEC §3). */
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
