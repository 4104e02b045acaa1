// GET resumen_creditos_cobros and resumen_creditos_cobros_municipio (docs/producto.md §7, docs/reglas-del-negocio.md).
import { addDays, type IsoDate } from '../../shared/dates';
import { cents } from '../../shared/money';
import { summaryFigures as figuresOf, summaryTotals } from '../../shared/reports/summary-math';
import type {
  FinancialSummaryResponse,
  MunicipalitySummaryResponse,
  SummaryParams,
} from '../../shared/reports/types';
import { mondayOf } from '../../shared/sheets/coverage-week';
import type { Db } from '../db/connect';
import type { Scope } from '../types';
import type { ReportRange } from './report-range';
import { loanParams, municipalityNames, type RawFigures, summaryFigures } from './summary-queries';

const none: RawFigures = { creditos: 0, entregado: cents(0), credito: cents(0), cobrado: cents(0) };
const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

/** Every week touching the range, even an empty one: the table shows the whole period, in order. */
export function weeksOf(range: ReportRange): { semana: IsoDate; desde: IsoDate; hasta: IsoDate }[] {
  const weeks = [];
  for (let monday = mondayOf(range.from); monday <= range.to; monday = addDays(monday, 7)) {
    weeks.push({
      semana: monday,
      desde: later(monday, range.from),
      hasta: earlier(addDays(monday, 6), range.to),
    });
  }
  return weeks;
}

export async function financialSummary(
  db: Db,
  scope: Scope,
  range: ReportRange,
): Promise<FinancialSummaryResponse> {
  const [params, figures] = await Promise.all([
    loanParams(db, scope.accountId),
    summaryFigures(db, scope, range, 'week'),
  ]);
  const data = weeksOf(range).map((week) => ({
    ...week,
    ...figuresOf(figures.get(week.semana) ?? none, params),
  }));
  return { data, totals: summaryTotals(data), fechaInicio: range.from, fechaFin: range.to, params };
}

/**
 * One week split by municipality. `cut` narrows it to the part inside the summary's range, so the detail of
 * the summary's first or last week adds up to that week's row.
 */
export async function municipalitySummary(
  db: Db,
  scope: Scope,
  fecha: IsoDate,
  cut: Partial<ReportRange>,
): Promise<MunicipalitySummaryResponse> {
  const semana = mondayOf(fecha);
  const range = {
    from: later(semana, cut.from ?? semana),
    to: earlier(addDays(semana, 6), cut.to ?? addDays(semana, 6)),
  };
  const [params, figures, names]: [
    SummaryParams,
    Map<string, RawFigures>,
    Awaited<ReturnType<typeof municipalityNames>>,
  ] = await Promise.all([
    loanParams(db, scope.accountId),
    range.from <= range.to ? summaryFigures(db, scope, range, 'municipality') : Promise.resolve(new Map()),
    municipalityNames(db, scope),
  ]);
  const data = names
    .filter((m) => !m.deleted || figures.has(String(m.id)))
    .map((m) => ({
      municipality_id: m.id,
      municipio: m.name,
      ...figuresOf(figures.get(String(m.id)) ?? none, params),
    }));
  return { data, totals: summaryTotals(data), semana, fechaInicio: range.from, fechaFin: range.to, params };
}
