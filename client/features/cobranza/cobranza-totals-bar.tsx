import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { formatMoney } from '../../../shared/money';
import { adjustTotals, type CardModel, type CobranzaTotals, sameCard } from './cobranza-model';
import { cobranzaTexts as t } from './cobranza-texts';
import type { TapStore } from './tap-store';
import './cobranza-card.css';

const PENDING = '…';

/**
 * The week at a glance, kept in view while the collector scrolls the route. `null` while the week's loans
 * past the first page are still being read (a second or so on a slow phone): the figures show '…'.
 */
export function CobranzaTotalsBar({
  totals: read,
  cards,
  taps,
  status,
}: {
  totals: CobranzaTotals | null;
  /** The read's cards: a tap counts while its card still shows as it did when tapped. */
  cards: ReadonlyMap<number, CardModel>;
  taps: TapStore;
  status: string | null;
}) {
  useSyncExternalStore(taps.subscribe, taps.getVersion);
  const totals =
    read &&
    adjustTotals(
      read,
      [...taps.all()].flatMap(([loanId, o]) => {
        const from = cards.get(loanId);
        return from && sameCard(from, o.base) ? [{ from, to: o.card }] : [];
      }),
    );
  return (
    <Box
      className="cobranza-totals"
      position="sticky"
      // Below the app header (sticky too, 3.5 rem plus the notch).
      top="calc(3.5rem + env(safe-area-inset-top))"
      zIndex="1"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="cobranza-totals"
      data-ready={totals !== null}
      aria-busy={totals === null}
    >
      <SimpleGrid columns={3} gap="2">
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            {t.esperado}
          </Text>
          <Text fontWeight="bold" fontSize={{ base: 'sm', sm: 'md' }} data-testid="cobranza-esperado">
            {totals ? formatMoney(totals.esperado) : PENDING}
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
            {totals ? formatMoney(totals.cobradoSincronizado + totals.cobradoEnTelefono) : PENDING}
          </Text>
          {totals && totals.cobradoEnTelefono > 0 && (
            // A class (cobranza-card.css), not colour props: no new Emotion rule in the tap's frame.
            <p className="cobranza-en-telefono" data-testid="cobranza-en-telefono">
              {formatMoney(totals.cobradoEnTelefono)} {t.enTelefono}
            </p>
          )}
        </Stack>
        <Stack gap="0">
          <Text fontSize="xs" color="fg.muted">
            {t.clientes}
          </Text>
          <Text fontWeight="bold" fontSize={{ base: 'sm', sm: 'md' }} data-testid="cobranza-hechos">
            {totals ? `${totals.hechos} de ${totals.clientes}` : PENDING}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" mt="2" role="status" data-testid="cobranza-status" minH="5">
        {status}
      </Text>
    </Box>
  );
}
