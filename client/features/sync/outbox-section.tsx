import { Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { OutboxEntry } from '../../store/local-types';
import { syncScreenTexts as t } from './sync-screen-texts';

/** One group of the outbox with its count, a line on what it means, its bulk action, and its entries. */
export function OutboxSection({
  id,
  title,
  help,
  entries,
  tone,
  action,
  renderEntry,
}: {
  id: string;
  title: string;
  help: string;
  entries: readonly OutboxEntry[];
  tone: 'orange' | 'red' | 'green';
  action?: ReactNode;
  renderEntry: (entry: OutboxEntry) => ReactNode;
}) {
  if (entries.length === 0) return null;
  const headingId = `outbox-${id}`;
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} data-testid={`outbox-${id}`}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'flex-end' }}
        justify="space-between"
        gap="2"
      >
        <Stack gap="0.5" minW="0">
          <Flex align="center" gap="2">
            <Heading as="h2" size="lg" id={headingId}>
              {title}
            </Heading>
            <Badge colorPalette={tone} variant="solid" data-testid={`outbox-${id}-count`}>
              {entries.length}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {help}
          </Text>
        </Stack>
        {action}
      </Flex>
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t.lista(title)}>
        {entries.map(renderEntry)}
      </Stack>
    </Stack>
  );
}
