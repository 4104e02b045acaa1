import { Card, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { DASHBOARD_CARDS } from './dashboard-cards';

/** Placeholder shapes while the first figures load, the same grid as the cards. */
export function DashboardSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Cargando resumen" data-testid="dashboard-skeleton">
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {DASHBOARD_CARDS.map((card) => (
          <Card.Root key={card.field} variant="outline" bg="bg">
            <Card.Body p="5" gap="3">
              <Skeleton h="4" w="60%" />
              <Skeleton h="8" w="80%" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Skeleton h="32" borderRadius="lg" />
    </Stack>
  );
}
