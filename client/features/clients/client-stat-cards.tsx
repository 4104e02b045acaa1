import { SimpleGrid } from '@chakra-ui/react';
import { StatCard } from '../../ui/stat-card';
import type { ClientStats } from './client-stats';

/** docs/producto.md §2 clients: total, coordinadoras, municipalities, regular clients. */
export function ClientStatCards({ stats }: { stats: ClientStats }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} data-testid="client-stats">
      <StatCard label="Total de Clientes" value={stats.total} tone="teal" testId="stat-total" />
      <StatCard label="Coordinadoras" value={stats.coordinadoras} tone="purple" testId="stat-coordinadoras" />
      <StatCard label="Municipios" value={stats.municipios} tone="blue" testId="stat-municipios" />
      <StatCard label="Clientes Regulares" value={stats.regulares} tone="gray" testId="stat-regulares" />
    </SimpleGrid>
  );
}
