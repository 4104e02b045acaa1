import { Badge, Box, Button, Card, Flex, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/dates';
import type { OutboxEntry } from '../../store/local-types';
import { entryBadge, entryTitle, syncedOutcomeText } from './outbox-groups';
import { syncScreenTexts as t } from './sync-screen-texts';

/** One recorded change: its loan, client, payment number, what was recorded and when, and the answer. */
export function OutboxEntryCard({
  entry,
  onAcknowledge,
  busy,
}: {
  entry: OutboxEntry;
  /** Present for answered entries the user may dismiss. */
  onAcknowledge?: () => void;
  busy?: boolean;
}) {
  const conflict = entry.status === 'synced' && entry.outcome === 'conflict';
  return (
    <Card.Root as="li" variant="outline" bg="bg" data-testid="outbox-entry" data-status={entry.status}>
      <Card.Body px="4" py="3" gap="1.5">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere" minW="0">
            {entryTitle(entry)}
          </Text>
          <Badge variant="subtle" colorPalette="gray" flexShrink="0">
            {entryBadge(entry)}
          </Badge>
        </Flex>
        <Text>{entry.summary.description}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t.registrado} {formatDateTime(entry.clientTime)}
        </Text>
        {entry.status === 'rejected' && (
          <Text color="red.700" fontWeight="medium" overflowWrap="anywhere" data-testid="outbox-reason">
            {entry.reason}
          </Text>
        )}
        {entry.status === 'synced' && (
          <Text
            color={conflict ? 'orange.800' : 'green.800'}
            fontWeight="medium"
            data-testid="outbox-outcome"
          >
            {syncedOutcomeText(entry)}
          </Text>
        )}
        {entry.resolvedAt && (
          <Text fontSize="sm" color="fg.muted">
            {t.respondido} {formatDateTime(entry.resolvedAt)}
          </Text>
        )}
      </Card.Body>
      {onAcknowledge && entry.status === 'rejected' && (
        <Box px="4" pb="3">
          <Button
            size={{ base: 'lg', md: 'sm' }}
            variant="outline"
            w={{ base: 'full', md: 'auto' }}
            onClick={onAcknowledge}
            disabled={busy}
            aria-label={`${t.entendido}: ${entryTitle(entry)}, ${entryBadge(entry).toLowerCase()}`}
          >
            {t.entendido}
          </Button>
        </Box>
      )}
    </Card.Root>
  );
}
