import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import type { LocalWeeklySheet } from '../../../store/local-types';
import type { SheetTotals } from './sheet-totals';

function Total({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  /** Null until every row is read. */
  value: number | null;
  testId: string;
  tone: string;
}) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="bold" color={tone} data-testid={testId} data-value={value ?? undefined}>
        {value === null ? 'Calculando…' : formatMoney(value)}
      </Text>
    </Stack>
  );
}

/** Expected, collected (and how much of it is still on the phone), still to collect: always in view. */
export function SheetTotalsBar({
  sheet,
  totals,
}: {
  sheet: LocalWeeklySheet;
  /** Null until every row is read: only the expected amount is known. */
  totals: SheetTotals | null;
}) {
  return (
    <Box
      position="sticky"
      top="0"
      zIndex="1"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-live="polite"
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Total
          label="Esperado"
          value={totals?.esperado ?? sheet.monto_esperado}
          testId="total-esperado"
          tone="fg"
        />
        <Total label="Cobrado" value={totals?.cobrado ?? null} testId="total-cobrado" tone="teal.700" />
        <Total
          label="En el teléfono, sin sincronizar"
          value={totals?.pendienteSync ?? null}
          testId="total-pendiente-sync"
          tone="orange.700"
        />
        <Total
          label="Por cobrar"
          value={totals?.porCobrar ?? null}
          testId="total-por-cobrar"
          tone="red.700"
        />
      </SimpleGrid>
    </Box>
  );
}
