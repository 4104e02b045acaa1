import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../shared/money';
import type { CobranzaTotals } from './cobranza-model';
import { cobranzaTexts as t } from './cobranza-texts';

/** The week at a glance, kept in view while the collector scrolls the route. */
export function CobranzaTotalsBar({ totals, status }: { totals: CobranzaTotals; status: string | null }) {
  return (
    <Box
      position="sticky"
      // Below the app header (sticky too, 3.5 rem plus the notch).
      top="calc(3.5rem + env(safe-area-inset-top))"
      zIndex="1"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="cobranza-totals"
    >
      <SimpleGrid columns={3} gap="2">
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            {t.esperado}
          </Text>
          <Text fontWeight="bold" fontSize={{ base: 'sm', sm: 'md' }} data-testid="cobranza-esperado">
            {formatMoney(totals.esperado)}
          </Text>
        </Stack>
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            {t.cobrado}
          </Text>
          <Text
            fontWeight="bold"
            fontSize={{ base: 'sm', sm: 'md' }}
            color="teal.700"
            data-testid="cobranza-cobrado"
          >
            {formatMoney(totals.cobradoSincronizado + totals.cobradoEnTelefono)}
          </Text>
          {totals.cobradoEnTelefono > 0 && (
            <Text fontSize="xs" color="orange.700" data-testid="cobranza-en-telefono">
              {formatMoney(totals.cobradoEnTelefono)} {t.enTelefono}
            </Text>
          )}
        </Stack>
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            {t.clientes}
          </Text>
          <Text fontWeight="bold" fontSize={{ base: 'sm', sm: 'md' }} data-testid="cobranza-hechos">
            {totals.hechos} de {totals.clientes}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" mt="2" role="status" data-testid="cobranza-status" minH="5">
        {status}
      </Text>
    </Box>
  );
}
