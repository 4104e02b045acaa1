import { SimpleGrid } from '@chakra-ui/react';
import { StatCard } from '../../ui/stat-card';
import type { PaymentSummary } from './loan-figures';

/** docs/producto.md §2, §4 payment summary: total, paid, pending, renewals, partial. */
export function PaymentSummaryCards({ summary }: { summary: PaymentSummary }) {
  return (
    <SimpleGrid columns={{ base: 2, sm: 3, md: 5 }} gap="3" data-testid="payment-summary">
      <StatCard label="Total" value={summary.total} tone="gray" testId="summary-total" />
      <StatCard label="Pagados" value={summary.pagados} tone="teal" testId="summary-pagados" />
      <StatCard label="Pendientes" value={summary.pendientes} tone="orange" testId="summary-pendientes" />
      <StatCard
        label="Renovaciones"
        value={summary.renovaciones}
        tone="purple"
        testId="summary-renovaciones"
      />
      <StatCard label="Parciales" value={summary.parciales} tone="blue" testId="summary-parciales" />
    </SimpleGrid>
  );
}
