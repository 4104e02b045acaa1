import { Badge, Button, Card, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import type { SyncConflict } from '../../../shared/sync/types';
import { ValueBox, WhoBox } from './conflict-parts';
import { conflictTexts as t } from './conflict-texts';
import { deviceText, personText, valueLines, whenText } from './conflict-values';

/**
 * One conflict: the loan and payment, the three values (server before, device, applied), who changed the
 * row on the server against who sent the device's change, and the review.
 */
export function ConflictCard({
  conflict: c,
  onReview,
  busy,
}: {
  conflict: SyncConflict;
  onReview: () => void;
  busy: boolean;
}) {
  const reviewed = c.reviewed_at !== null;
  return (
    <Card.Root as="li" variant="outline" bg="bg" data-testid="conflict-card" data-key={c.id}>
      <Card.Header px={{ base: '4', md: '5' }} pt="4" pb="0">
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Text fontWeight="semibold" fontSize="md" overflowWrap="anywhere" minW="0">
            {c.loan_reference} · {c.client_nombre}
          </Text>
          <Flex gap="2" flexShrink="0">
            <Badge variant="subtle" colorPalette="gray">
              Pago #{c.numero_pago}
            </Badge>
            <Badge variant="subtle" colorPalette={reviewed ? 'green' : 'orange'}>
              {reviewed ? t.revisado : t.porRevisar}
            </Badge>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body px={{ base: '4', md: '5' }} py="4" gap="4">
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <ValueBox
            title={t.servidorAntes}
            lines={valueLines(c.server_value, 'Sin fecha')}
            testId="conflict-server-value"
          />
          <ValueBox
            title={t.dispositivo}
            lines={valueLines(c.client_value, 'Sin cambio')}
            testId="conflict-client-value"
          />
          <ValueBox
            title={t.aplicado}
            lines={valueLines(c.applied_value, 'Sin fecha')}
            highlight
            testId="conflict-applied-value"
          />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <WhoBox
            title={t.cambioServidor}
            testId="conflict-server-change"
            pairs={[
              { label: t.usuario, text: personText(c.server_user) },
              { label: t.idDispositivo, text: deviceText(c.server_client_id) },
              { label: t.cuando, text: whenText(c.server_changed_at) },
            ]}
          />
          <WhoBox
            title={t.cambioDispositivo}
            testId="conflict-client-change"
            pairs={[
              { label: t.usuario, text: personText(c.client_user) },
              { label: t.idDispositivo, text: deviceText(c.client_id) },
              { label: t.horaTelefono, text: whenText(c.client_time) },
              { label: t.llegada, text: whenText(c.created_at) },
            ]}
          />
        </SimpleGrid>
      </Card.Body>
      <Card.Footer px={{ base: '4', md: '5' }} pb="4" pt="0" justifyContent="flex-end">
        {reviewed ? (
          <Text fontSize="sm" color="fg.muted" data-testid="conflict-reviewed">
            {t.revisadoPor(personText(c.reviewed_by), whenText(c.reviewed_at))}
          </Text>
        ) : (
          <Button
            size={{ base: 'lg', md: 'md' }}
            w={{ base: 'full', sm: 'auto' }}
            onClick={onReview}
            loading={busy}
            aria-label={`${t.marcar}: ${c.loan_reference}, pago ${c.numero_pago}`}
          >
            {t.marcar}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
