// GET estado-resultados (docs/producto.md §7, §9; docs/reglas-del-negocio.md).
import { cents, toCents } from '../../shared/money';
import { incomeStatement } from '../../shared/reports/income-math';
import type { IncomeStatementResponse } from '../../shared/reports/types';
import type { Db } from '../db/connect';
import type { Scope } from '../types';
import { financialSummary } from './financial-summary';
import { collectedInterest, expensesByConcept } from './income-queries';
import type { ReportRange } from './report-range';

/**
 * The commissions are the financial summary's for the same range (rounded per week, as its rows are), so
 * the statement and the summary of one month show the same costs to the centavo.
 */
export async function incomeStatementFor(
  db: Db,
  scope: Scope,
  range: ReportRange,
): Promise<IncomeStatementResponse> {
  const [summary, collected, gastos] = await Promise.all([
    financialSummary(db, scope, range),
    collectedInterest(db, scope, range),
    // Egresos belong to the account, not to a town: a limited user sees them whole, as in 'Egresos'.
    expensesByConcept(db, scope.accountId, range),
  ]);
  const c = (pesos: number) => toCents(pesos) ?? cents(0);
  const data = incomeStatement({
    cobrado: collected.cobrado,
    ingresos: collected.interes,
    comisionAbonos: c(summary.totals.totalComisionabonos),
    comisionCreditos: c(summary.totals.totalComisioncreditos),
    gastos,
  });
  return { data, fechaInicio: range.from, fechaFin: range.to };
}
