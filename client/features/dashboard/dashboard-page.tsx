import { Alert, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { ErrorState } from '../../ui/error-state';
import { StatCard } from '../../ui/stat-card';
import { DASHBOARD_CARDS } from './dashboard-cards';
import { DashboardSkeleton } from './dashboard-skeleton';
import { QuickActionButtons } from './quick-action-buttons';
import { StatusSummary } from './status-summary';
import { useDashboardResume } from './use-dashboard-resume';

/** docs/producto.md §2 dashboard: six figures, the status summary and the quick actions whose screens exist. */
export function DashboardPage() {
  const { data, error, loading, reload, source } = useDashboardResume();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Dashboard
        </Heading>
        <Text color="fg.muted">Resumen general del sistema de préstamos</Text>
      </Stack>

      {source.kind === 'device' && data && (
        <Alert.Root status="warning" data-testid="dashboard-offline-note">
          <Alert.Indicator />
          <Alert.Description>
            Sin conexión: cifras calculadas en este dispositivo con los datos sincronizados{' '}
            {source.asOf ? `el ${formatDateTime(source.asOf)}` : 'por última vez'}. Incluyen los préstamos
            abiertos y los cerrados en las últimas 8 semanas.
          </Alert.Description>
        </Alert.Root>
      )}
      {error && <ErrorState title="No se pudo cargar el resumen" message={error} onRetry={reload} />}
      {!data && loading && <DashboardSkeleton />}
      {data && (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="dashboard-cards">
            {DASHBOARD_CARDS.map((card) => (
              <StatCard
                key={card.field}
                label={card.label}
                tone={card.tone}
                testId={`card-${card.field}`}
                rawValue={data[card.field]}
                // Counts as plain integers: the e2e suite compares them with the API as String(n).
                value={card.kind === 'money' ? formatMoney(data[card.field]) : String(data[card.field])}
              />
            ))}
          </SimpleGrid>
          <StatusSummary resume={data} />
        </>
      )}
      <QuickActionButtons />
    </Stack>
  );
}
