// Answers of the report calls (docs/producto.md §3, §7; docs/reglas-del-negocio.md §8). Money in pesos with two decimals, as JSON
// carries it everywhere (docs/arquitectura.md); dates as YYYY-MM-DD.
import type { IsoDate } from '../dates';

/** The money columns of one row of the financial summary (one week, or one municipality in a week). */
export interface SummaryFigures {
  creditos_entregados: number;
  monto_entregado: number;
  monto_cobrado: number;
  monto_comision_abonos: number;
  monto_comision_creditos: number;
  /** cobrado − entregado − both commissions; negative means capital had to be injected. */
  diferencia: number;
}

export interface SummaryWeekRow extends SummaryFigures {
  /** Monday of the week. */
  semana: IsoDate;
  /** The part of the week inside the requested range (the first and last weeks may be cut). */
  desde: IsoDate;
  hasta: IsoDate;
}

export interface SummaryMunicipalityRow extends SummaryFigures {
  municipality_id: number;
  municipio: string;
}

export interface SummaryTotals {
  totalCreditosEntregados: number;
  totalAbonosCobrados: number;
  totalMontoEntregado: number;
  totalComisionabonos: number;
  totalComisioncreditos: number;
  saldo: number;
}

export interface SummaryParams {
  comision_abonos_pct: number;
  comision_creditos_pct: number;
}

/** GET /api/resumen_creditos_cobros */
export interface FinancialSummaryResponse {
  data: SummaryWeekRow[];
  totals: SummaryTotals;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
  params: SummaryParams;
}

/** GET /api/resumen_creditos_cobros_municipio */
export interface MunicipalitySummaryResponse {
  data: SummaryMunicipalityRow[];
  totals: SummaryTotals;
  semana: IsoDate;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
  params: SummaryParams;
}

export interface ExpenseLine {
  concepto: string;
  tipo: 'OPERACION' | 'FINANCIERO' | 'OTROS';
  total: number;
}

/** GET /api/estado-resultados: docs/producto.md §3's fields, plus what the statement's sections show line by line. */
export interface IncomeStatement {
  ingresos: number;
  costo_directo_comision_abonos: number;
  costo_directo_comision_creditos: number;
  utilidad_bruta: number;
  gastos_operacion: number;
  gastos_financieros: number;
  otros_gastos: number;
  utilidad_neta: number;
  /** Percent with one decimal. */
  margenDeUtilidad: number;
  eficienciaDeCostos: number;
  /** Everything collected in the period (capital and interest); ingresos is its interest share. */
  monto_cobrado: number;
  capital_recuperado: number;
  gastos: ExpenseLine[];
}

export interface IncomeStatementResponse {
  data: IncomeStatement;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
}

/** Arrears buckets of docs/reglas-del-negocio.md, by days late. */
export const AGING_BUCKETS = [
  { key: '1-7', label: '1 a 7 días', min: 1, max: 7 },
  { key: '8-30', label: '8 a 30 días', min: 8, max: 30 },
  { key: '31-60', label: '31 a 60 días', min: 31, max: 60 },
  { key: '61-90', label: '61 a 90 días', min: 61, max: 90 },
  { key: '90+', label: 'Más de 90 días', min: 91, max: null },
] as const;

export type AgingKey = (typeof AGING_BUCKETS)[number]['key'];

export interface AgingRow {
  key: AgingKey | 'corriente';
  label: string;
  prestamos: number;
  saldo: number;
  /** Share of the active portfolio's outstanding balance, percent with one decimal. */
  porcentaje: number;
}

export interface CollectionRateRow {
  /** The week's Monday, the municipality id or the user id. */
  key: string;
  label: string;
  esperado: number;
  cobrado: number;
  /** cobrado ÷ esperado, percent with one decimal; null when nothing was due. */
  tasa: number | null;
}

export interface CollectorRow extends CollectionRateRow {
  pagos: number;
  /** Municipalities where the collector recorded money in the period. */
  municipios: number;
}

/** GET /api/reporte-cartera */
export interface PortfolioReport {
  /** The business date the report is computed for. */
  fecha: IsoDate;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
  /** The portfolio: loans not paid (vencidos included, docs/reglas-del-negocio.md "cartera") and what they owe. */
  prestamosCartera: number;
  saldoCartera: number;
  /** Active loans (neither paid nor vencido, docs/reglas-del-negocio.md: the dashboard's figure) and what they owe. */
  prestamosActivos: number;
  saldoActivos: number;
  par7: { saldo: number; prestamos: number; porcentaje: number };
  par30: { saldo: number; prestamos: number; porcentaje: number };
  antiguedad: AgingRow[];
  porSemana: CollectionRateRow[];
  porMunicipio: CollectionRateRow[];
  porCobrador: CollectorRow[];
  totalCobranza: CollectionRateRow;
}
