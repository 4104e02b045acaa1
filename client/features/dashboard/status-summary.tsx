import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type DashboardResume, dashboardRates } from '../../../shared/dashboard/types';

interface Rate {
  id: 'tasaDePago' | 'tasaDeMorosidad' | 'prestamosPorCliente';
  label: string;
  text: string;
  /** 0–100 for the bar under a percentage. */
  percent?: number;
  color: string;
}

function Meter({ percent, color }: { percent: number; color: string }) {
  return (
    <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden="true">
      <Box h="full" w={`${Math.min(100, Math.max(0, percent))}%`} bg={color} borderRadius="full" />
    </Box>
  );
}

/** docs/producto.md §2 status summary: payment rate and delinquency as rounded percents, loans per client with one decimal. */
export function StatusSummary({ resume }: { resume: DashboardResume }) {
  const r = dashboardRates(resume);
  const rates: Rate[] = [
    {
      id: 'tasaDePago',
      label: 'Tasa de Pago',
      text: `${r.tasaDePago}%`,
      percent: r.tasaDePago,
      color: 'teal.600',
    },
    {
      id: 'tasaDeMorosidad',
      label: 'Tasa de Morosidad',
      text: `${r.tasaDeMorosidad}%`,
      percent: r.tasaDeMorosidad,
      color: 'red.600',
    },
    {
      id: 'prestamosPorCliente',
      label: 'Préstamos por Cliente',
      text: r.prestamosPorCliente,
      color: 'blue.600',
    },
  ];
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <Heading as="h2" size="md">
          Resumen de Estado
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {rates.map((rate) => (
            <Stack key={rate.id} gap="1">
              <Text color="fg.muted" fontSize="sm" fontWeight="medium">
                {rate.label}
              </Text>
              <Text fontSize="2xl" fontWeight="bold" color={rate.color} data-testid={`rate-${rate.id}`}>
                {rate.text}
              </Text>
              {rate.percent !== undefined && <Meter percent={rate.percent} color={rate.color} />}
            </Stack>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
