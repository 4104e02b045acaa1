import { SimpleGrid } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import type { PortfolioReport } from '../../../../shared/reports/types';
import { StatCard } from '../../../ui/stat-card';

/** The figures a lender looks at first: the portfolio (loans not paid), PAR 7, PAR 30 and the period's collection rate. */
export function PortfolioCards({ report }: { report: PortfolioReport }) {
  const rate = report.totalCobranza.tasa;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="portfolio-cards">
      <StatCard
        label={`Cartera (${report.prestamosCartera} ${report.prestamosCartera === 1 ? 'préstamo no pagado' : 'préstamos no pagados'}; ${report.prestamosActivos} ${report.prestamosActivos === 1 ? 'activo' : 'activos'})`}
        value={formatMoney(report.saldoCartera)}
        tone="blue"
        testId="saldo-cartera"
        rawValue={report.saldoCartera}
      />
      <StatCard
        label={`PAR 7 · ${formatMoney(report.par7.saldo)}`}
        value={`${report.par7.porcentaje.toFixed(1)}%`}
        tone={report.par7.porcentaje > 10 ? 'red' : 'orange'}
        testId="par7"
        rawValue={report.par7.porcentaje}
      />
      <StatCard
        label={`PAR 30 · ${formatMoney(report.par30.saldo)}`}
        value={`${report.par30.porcentaje.toFixed(1)}%`}
        tone={report.par30.porcentaje > 5 ? 'red' : 'orange'}
        testId="par30"
        rawValue={report.par30.porcentaje}
      />
      <StatCard
        label="Tasa de cobranza del periodo"
        value={rate === null ? '—' : `${rate.toFixed(1)}%`}
        tone="teal"
        testId="tasa-cobranza"
        rawValue={rate ?? ''}
      />
    </SimpleGrid>
  );
}
