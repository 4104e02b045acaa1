// The reports as .xlsx ('Exportar a Excel', docs/producto.md §2.16): the same figures the screens show,
// numbers as numbers, a totals row.
import { formatDate } from '../../shared/dates';
import type {
  FinancialSummaryResponse,
  IncomeStatementResponse,
  MunicipalitySummaryResponse,
  PortfolioReport,
  SummaryFigures,
} from '../../shared/reports/types';
import { buildTableWorkbook, type TableColumn, type TableWorkbook } from '../xlsx/table-workbook';

const range = (from: string, to: string) => `Del ${formatDate(from)} al ${formatDate(to)}`;
const money = (header: string, width = 16): TableColumn => ({ header, kind: 'money', width });

const FIGURE_COLUMNS: TableColumn[] = [
  { header: 'Créditos entregados', kind: 'int', width: 12 },
  money('Monto entregado'),
  money('Monto cobrado'),
  money('Comisión abonos'),
  money('Comisión créditos'),
  money('Diferencia'),
];
const figureCells = (r: SummaryFigures) => [
  r.creditos_entregados,
  r.monto_entregado,
  r.monto_cobrado,
  r.monto_comision_abonos,
  r.monto_comision_creditos,
  r.diferencia,
];
const totalsCells = (t: FinancialSummaryResponse['totals']) => [
  t.totalCreditosEntregados,
  t.totalMontoEntregado,
  t.totalAbonosCobrados,
  t.totalComisionabonos,
  t.totalComisioncreditos,
  t.saldo,
];

export function summaryWorkbook(report: FinancialSummaryResponse): Buffer {
  return buildTableWorkbook({
    sheetName: 'Resumen Financiero',
    title: 'Resumen Financiero',
    lines: [range(report.fechaInicio, report.fechaFin)],
    columns: [{ header: 'Semana', kind: 'date', width: 12 }, ...FIGURE_COLUMNS],
    rows: report.data.map((r) => [r.semana, ...figureCells(r)]),
    totals: ['TOTAL', ...totalsCells(report.totals)],
  });
}

export function municipalityWorkbook(report: MunicipalitySummaryResponse): Buffer {
  return buildTableWorkbook({
    sheetName: 'Detalle por Municipio',
    title: 'Detalle por Municipio',
    lines: [`Semana del ${formatDate(report.semana)}`, range(report.fechaInicio, report.fechaFin)],
    columns: [
      { header: 'Municipio', kind: 'text', width: 26 },
      ...FIGURE_COLUMNS,
      { header: 'Nota', kind: 'text', width: 20 },
    ],
    rows: report.data.map((r) => [
      r.municipio,
      ...figureCells(r),
      r.diferencia < 0 ? '(Capital Inyectado)' : '',
    ]),
    totals: ['TOTAL', ...totalsCells(report.totals), report.totals.saldo < 0 ? '(Capital Inyectado)' : ''],
  });
}

export function incomeWorkbook(report: IncomeStatementResponse): Buffer {
  const d = report.data;
  const lines: (readonly [string, number | null])[] = [
    ['INGRESOS', null],
    ['Intereses cobrados', d.ingresos],
    ['COSTOS DIRECTOS', null],
    ['Comisión sobre abonos', d.costo_directo_comision_abonos],
    ['Comisión sobre créditos', d.costo_directo_comision_creditos],
    ['UTILIDAD BRUTA', d.utilidad_bruta],
    ['GASTOS DE OPERACIÓN', null],
    ['Gastos de operación', d.gastos_operacion],
    ['Gastos financieros', d.gastos_financieros],
    ['Otros gastos', d.otros_gastos],
    ...d.gastos.map((g) => [`   ${g.concepto}`, g.total] as const),
    ['UTILIDAD NETA', d.utilidad_neta],
  ];
  const book: TableWorkbook = {
    sheetName: 'Estado de Resultados',
    title: 'Estado de Resultados',
    lines: [
      range(report.fechaInicio, report.fechaFin),
      `Margen de Utilidad: ${d.margenDeUtilidad.toFixed(1)}%  ·  Eficiencia de Costos: ${d.eficienciaDeCostos.toFixed(1)}%`,
    ],
    columns: [{ header: 'Concepto', kind: 'text', width: 34 }, money('Importe', 18)],
    rows: lines.map(([label, value]) => [label, value]),
  };
  return buildTableWorkbook(book);
}

/** Two tables side by side in one sheet: aging (loans, balance, %) and collection (due, collected, rate). */
export function portfolioWorkbook(report: PortfolioReport): Buffer {
  const blank = [null, null, null];
  const section = (label: string) => [label, ...blank, ...blank];
  const rate = (
    r: { label: string; esperado: number; cobrado: number; tasa: number | null },
    label = r.label,
  ) => [label, ...blank, r.esperado, r.cobrado, r.tasa];
  const rows: (string | number | null)[][] = [
    section('Antigüedad de la mora'),
    ...report.antiguedad.map((b) => [b.label, b.prestamos, b.saldo, b.porcentaje, ...blank]),
    ['PAR 7 (más de 7 días)', report.par7.prestamos, report.par7.saldo, report.par7.porcentaje, ...blank],
    [
      'PAR 30 (más de 30 días)',
      report.par30.prestamos,
      report.par30.saldo,
      report.par30.porcentaje,
      ...blank,
    ],
    ['Cartera (préstamos no pagados)', report.prestamosCartera, report.saldoCartera, 100, ...blank],
    section('Cobranza por municipio'),
    ...report.porMunicipio.map((r) => rate(r)),
    section('Cobranza por cobrador'),
    ...report.porCobrador.map((r) => rate(r)),
    section('Cobranza por semana'),
    ...report.porSemana.map((r) => rate(r, `Semana del ${formatDate(r.key)}`)),
  ];
  return buildTableWorkbook({
    sheetName: 'Salud de la Cartera',
    title: 'Salud de la Cartera',
    lines: [`Al ${formatDate(report.fecha)}`, `Cobranza: ${range(report.fechaInicio, report.fechaFin)}`],
    columns: [
      { header: 'Concepto', kind: 'text', width: 30 },
      { header: 'Préstamos', kind: 'int', width: 11 },
      money('Saldo'),
      { header: '% del saldo', kind: 'percent', width: 11 },
      money('Esperado'),
      money('Cobrado'),
      { header: 'Tasa de cobranza', kind: 'percent', width: 12 },
    ],
    rows,
    totals: rate(report.totalCobranza, 'Total cobranza'),
  });
}
