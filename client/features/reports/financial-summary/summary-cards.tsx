import { SimpleGrid } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import type { SummaryTotals } from '../../../../shared/reports/types';
import { StatCard, type StatTone } from '../../../ui/stat-card';
import { DifferenceText } from '../difference-text';

const CARDS: { field: keyof SummaryTotals; label: string; tone: StatTone; money: boolean }[] = [
  { field: 'totalCreditosEntregados', label: 'Créditos Entregados', tone: 'blue', money: false },
  { field: 'totalMontoEntregado', label: 'Monto Entregado', tone: 'purple', money: true },
  { field: 'totalAbonosCobrados', label: 'Abonos Cobrados', tone: 'teal', money: true },
  { field: 'totalComisionabonos', label: 'Comisión por Abonos', tone: 'orange', money: true },
  { field: 'totalComisioncreditos', label: 'Comisión por Créditos', tone: 'orange', money: true },
  { field: 'saldo', label: 'Saldo', tone: 'gray', money: true },
];

/** The six totals of the financial summary (docs/producto.md §2, §3). */
export function SummaryCards({ totals }: { totals: SummaryTotals }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" data-testid="summary-cards">
      {CARDS.map((card) => (
        <StatCard
          key={card.field}
          label={card.label}
          tone={card.field === 'saldo' && totals.saldo < 0 ? 'red' : card.tone}
          testId={`total-${card.field}`}
          rawValue={totals[card.field]}
          value={
            card.field === 'saldo' ? (
              <DifferenceText value={totals.saldo} />
            ) : card.money ? (
              formatMoney(totals[card.field])
            ) : (
              String(totals[card.field])
            )
          }
        />
      ))}
    </SimpleGrid>
  );
}
