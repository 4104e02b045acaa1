// GET reporte-cartera: PAR7 / PAR30, arrears aging and collection rates (docs/reglas-del-negocio.md).
import { addDays, type IsoDate } from '../../shared/dates';
import { type Cents, cents, toPesos } from '../../shared/money';
import { percentOf } from '../../shared/reports/income-math';
import { AGING_BUCKETS, type CollectionRateRow, type PortfolioReport } from '../../shared/reports/types';
import { mondayOf } from '../../shared/sheets/coverage-week';
import type { Db } from '../db/connect';
import type { Scope } from '../types';
import { weeksOf } from './financial-summary';
import {
  activePortfolio,
  agingBuckets,
  collectedByCollector,
  ratesByWeekAndMunicipality,
  type WeekMunicipalityFigures,
} from './portfolio-queries';
import type { ReportRange } from './report-range';
import { municipalityNames } from './summary-queries';

/** Without dates: the last 12 weeks, this one included. */
export const defaultPortfolioRange = (today: IsoDate): ReportRange => ({
  from: addDays(mondayOf(today), -77),
  to: addDays(mondayOf(today), 6),
});

const total = (
  cells: readonly WeekMunicipalityFigures[],
  pick: 'esperado' | 'cobrado',
  keep: (a: WeekMunicipalityFigures) => boolean,
): Cents => cents(cells.filter(keep).reduce((sum, a) => sum + a[pick], 0));

function rateRow(key: string, label: string, esperado: Cents, cobrado: Cents): CollectionRateRow {
  return {
    key,
    label,
    esperado: toPesos(esperado),
    cobrado: toPesos(cobrado),
    tasa: esperado === 0 ? null : percentOf(cobrado, esperado),
  };
}

export async function portfolioReport(
  db: Db,
  scope: Scope,
  today: IsoDate,
  range: ReportRange,
): Promise<PortfolioReport> {
  const [aging, active, cells, collectors, names] = await Promise.all([
    agingBuckets(db, scope, today),
    activePortfolio(db, scope, today),
    ratesByWeekAndMunicipality(db, scope, range),
    collectedByCollector(db, scope, range),
    municipalityNames(db, scope),
  ]);

  const saldoCartera = cents(aging.reduce((sum, b) => sum + b.saldo, 0));
  const prestamosCartera = aging.reduce((n, b) => n + b.prestamos, 0);
  const over = (keys: readonly string[]) => {
    const inKeys = aging.filter((b) => keys.includes(b.bucket));
    const saldo = cents(inKeys.reduce((sum, b) => sum + b.saldo, 0));
    return {
      saldo: toPesos(saldo),
      prestamos: inKeys.reduce((n, b) => n + b.prestamos, 0),
      porcentaje: percentOf(saldo, saldoCartera),
    };
  };
  const bucketRow = (key: string, label: string) => {
    const b = aging.find((x) => x.bucket === key);
    const saldo = b?.saldo ?? cents(0);
    return {
      key,
      label,
      prestamos: b?.prestamos ?? 0,
      saldo: toPesos(saldo),
      porcentaje: percentOf(saldo, saldoCartera),
    };
  };

  const municipalityIds = new Set(cells.map((a) => a.municipalityId));
  const porMunicipio = names
    .filter((m) => !m.deleted || municipalityIds.has(m.id))
    .map((m) =>
      rateRow(
        String(m.id),
        m.name,
        total(cells, 'esperado', (a) => a.municipalityId === m.id),
        total(cells, 'cobrado', (a) => a.municipalityId === m.id),
      ),
    );

  return {
    fecha: today,
    fechaInicio: range.from,
    fechaFin: range.to,
    prestamosCartera,
    saldoCartera: toPesos(saldoCartera),
    prestamosActivos: active.prestamos,
    saldoActivos: toPesos(active.saldo),
    par7: over(['8-30', '31-60', '61-90', '90+']),
    par30: over(['31-60', '61-90', '90+']),
    antiguedad: [
      bucketRow('corriente', 'Al corriente'),
      ...AGING_BUCKETS.map((b) => bucketRow(b.key, b.label)),
    ] as PortfolioReport['antiguedad'],
    porSemana: weeksOf(range).map((w) =>
      rateRow(
        w.semana,
        w.semana,
        total(cells, 'esperado', (a) => a.semana === w.semana),
        total(cells, 'cobrado', (a) => a.semana === w.semana),
      ),
    ),
    porMunicipio,
    porCobrador: collectors.map((u) => ({
      ...rateRow(
        String(u.userId ?? 'sin-usuario'),
        u.name ?? 'Sin usuario registrado',
        u.esperado,
        u.cobrado,
      ),
      pagos: u.pagos,
      municipios: u.municipios,
    })),
    totalCobranza: rateRow(
      'total',
      'Total',
      total(cells, 'esperado', () => true),
      total(cells, 'cobrado', () => true),
    ),
  };
}
