import { Card, Stat } from '@chakra-ui/react';
import { formatMoney } from '../../../shared/money';
import type { DashboardCard } from './dashboard-cards';

const TONE_COLOR: Record<DashboardCard['tone'], string> = {
  teal: 'teal.700',
  blue: 'blue.700',
  red: 'red.700',
  gray: 'gray.800',
};

/**
 * One dashboard figure: money via formatMoney, counts as plain integers (the e2e suite compares them with
 * the API as `String(n)`). data-value carries the raw number.
 */
export function StatCard({ card, value }: { card: DashboardCard; value: number }) {
  return (
    <Card.Root variant="outline" borderTopWidth="4px" borderTopColor={TONE_COLOR[card.tone]} bg="bg">
      <Card.Body p={{ base: '4', md: '5' }}>
        <Stat.Root gap="1">
          <Stat.Label color="fg.muted" fontSize="sm" fontWeight="medium">
            {card.label}
          </Stat.Label>
          <Stat.ValueText
            color={TONE_COLOR[card.tone]}
            fontSize={{ base: '2xl', md: '3xl' }}
            fontWeight="bold"
            overflowWrap="anywhere"
            data-testid={`card-${card.field}`}
            data-value={value}
          >
            {card.kind === 'money' ? formatMoney(value) : String(value)}
          </Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
