import { addDays } from '../../../../shared/dates';
import { formatMoney } from '../../../../shared/money';
import type {
  AgingRow,
  CollectionRateRow,
  CollectorRow,
  PortfolioReport,
} from '../../../../shared/reports/types';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ReportBarChart } from '../charts/report-bar-chart';
import { shortDate, weekLabel } from '../financial-summary/week-label';
import { definitions } from '../report-texts';
import { rateColumns } from './rate-columns';
import { ReportSection } from './report-section';

const agingColumns: DataTableColumn<AgingRow>[] = [
  { key: 'label', header: 'Días de atraso', cardTitle: true, render: (r) => r.label },
  { key: 'prestamos', header: 'Préstamos', align: 'end', render: (r) => r.prestamos },
  { key: 'saldo', header: 'Saldo pendiente', align: 'end', render: (r) => formatMoney(r.saldo) },
  { key: 'porcentaje', header: '% del saldo', align: 'end', render: (r) => `${r.porcentaje.toFixed(1)}%` },
];

const RATE_SERIES = [
  { key: 'esperado', label: 'Esperado', color: 'gray.400' },
  { key: 'cobrado', label: 'Cobrado', color: 'teal.solid' },
] as const;

const rateSummary = (rows: readonly CollectionRateRow[], what: string) => {
  const withRate = rows.filter((r) => r.tasa !== null);
  if (withRate.length === 0) return `Sin abonos esperados ${what} en el periodo.`;
  const low = withRate.reduce((a, b) => ((a.tasa ?? 0) <= (b.tasa ?? 0) ? a : b));
  return `La tasa más baja ${what} es ${low.label} con ${low.tasa?.toFixed(1)}%; cada cifra está en la tabla.`;
};

export function AgingSection({ report }: { report: PortfolioReport }) {
  const late = report.antiguedad.filter((b) => b.key !== 'corriente');
  return (
    <ReportSection
      title="Antigüedad de la mora"
      definition={`${definitions.atraso} ${definitions.saldo}`}
      testId="section-aging"
    >
      <ReportBarChart
        title="Saldo pendiente por días de atraso"
        summary={`${late.reduce((n, b) => n + b.prestamos, 0)} préstamos con atraso suman ${formatMoney(late.reduce((s, b) => s + b.saldo, 0))} de ${formatMoney(report.saldoCartera)}.`}
        tableId="tabla-antiguedad"
        data={report.antiguedad}
        category="label"
        series={[{ key: 'saldo', label: 'Saldo pendiente', color: 'orange.solid' }]}
        height="220px"
        testId="chart-antiguedad"
      />
      <DataTable
        id="tabla-antiguedad"
        label="Antigüedad de la mora"
        testId="aging-table"
        columns={agingColumns}
        rows={report.antiguedad}
        rowKey={(r) => r.key}
        emptyText="Sin préstamos activos"
      />
    </ReportSection>
  );
}

export function WeeklyRateSection({ report }: { report: PortfolioReport }) {
  const columns = rateColumns<CollectionRateRow>({
    key: 'semana',
    header: 'Semana',
    cardTitle: true,
    render: (r) => weekLabel(r.key, addDays(r.key, 6)),
  });
  return (
    <ReportSection title="Cobranza por semana" definition={definitions.tasaCobranza} testId="section-weekly">
      <ReportBarChart
        title="Esperado vs. cobrado por semana"
        summary={rateSummary(
          report.porSemana.map((r) => ({ ...r, label: `la semana del ${shortDate(r.key)}` })),
          'de una semana',
        )}
        tableId="tabla-cobranza-semana"
        data={report.porSemana}
        category="key"
        categoryLabel={shortDate}
        series={[...RATE_SERIES]}
        testId="chart-cobranza-semana"
      />
      <DataTable
        id="tabla-cobranza-semana"
        label="Cobranza por semana"
        testId="weekly-rate-table"
        columns={columns}
        rows={report.porSemana}
        rowKey={(r) => r.key}
        emptyText="Sin semanas en el periodo"
      />
    </ReportSection>
  );
}

export function MunicipalityRateSection({ report }: { report: PortfolioReport }) {
  const columns = rateColumns<CollectionRateRow>({
    key: 'municipio',
    header: 'Municipio',
    cardTitle: true,
    render: (r) => r.label,
  });
  return (
    <ReportSection
      title="Cobranza por municipio"
      definition={definitions.tasaCobranza}
      testId="section-municipality"
    >
      <ReportBarChart
        title="Esperado vs. cobrado por municipio"
        summary={rateSummary(report.porMunicipio, 'de un municipio')}
        tableId="tabla-cobranza-municipio"
        data={report.porMunicipio}
        category="label"
        series={[...RATE_SERIES]}
        testId="chart-cobranza-municipio"
      />
      <DataTable
        id="tabla-cobranza-municipio"
        label="Cobranza por municipio"
        testId="municipality-rate-table"
        columns={columns}
        rows={report.porMunicipio}
        rowKey={(r) => r.key}
        emptyText="No hay municipios registrados"
      />
    </ReportSection>
  );
}

export function CollectorRateSection({ report }: { report: PortfolioReport }) {
  const columns = rateColumns<CollectorRow>(
    { key: 'cobrador', header: 'Cobrador', cardTitle: true, render: (r) => r.label },
    [
      { key: 'pagos', header: 'Pagos', align: 'end', render: (r) => r.pagos },
      { key: 'municipios', header: 'Municipios', align: 'end', render: (r) => r.municipios },
    ],
  );
  return (
    <ReportSection title="Cobranza por cobrador" definition={definitions.cobrador} testId="section-collector">
      <ReportBarChart
        title="Esperado vs. cobrado por cobrador"
        summary={rateSummary(report.porCobrador, 'de un cobrador')}
        tableId="tabla-cobranza-cobrador"
        data={report.porCobrador}
        category="label"
        series={[...RATE_SERIES]}
        testId="chart-cobranza-cobrador"
      />
      <DataTable
        id="tabla-cobranza-cobrador"
        label="Cobranza por cobrador"
        testId="collector-rate-table"
        columns={columns}
        rows={report.porCobrador}
        rowKey={(r) => r.key}
        emptyText="Nadie registró pagos en el periodo"
      />
    </ReportSection>
  );
}
