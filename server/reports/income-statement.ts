// GET estado-resultados (SPEC §7, §9; DESIGN §5).
import { cents, toCents } from '../../shared/money';
import { incomeStatement } from '../../shared/reports/income-math';
import type { IncomeStatementResponse } from '../../shared/reports/types';
import type { Db } from '../db/connect';
import { financialSummary } from './financial-summary';
import { collectedInterest, expensesByConcept } from './income-queries';
import type { ReportRange } from './report-range';

/**
 * The commissions are the financial summary's for the same range (rounded per week, as its rows are), so
 * the statement and the summary of one month show the same costs to the centavo.
 */
export async function incomeStatementFor(
  db: Db,
  accountId: number,
  range: ReportRange,
): Promise<IncomeStatementResponse> {
  const [summary, collected, gastos] = await Promise.all([
    financialSummary(db, accountId, range),
    collectedInterest(db, accountId, range),
    expensesByConcept(db, accountId, range),
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
