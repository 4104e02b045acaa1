import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type StatTone = 'teal' | 'blue' | 'red' | 'gray' | 'purple' | 'orange';

const TONE_COLOR: Record<StatTone, string> = {
  teal: 'teal.700',
  blue: 'blue.700',
  red: 'red.700',
  gray: 'gray.800',
  purple: 'purple.700',
  orange: 'orange.700',
};

/**
 * One figure with its label and a coloured top edge (dashboard, clients, …). `value` is shown as given
 * (format money with formatMoney first); `rawValue` goes to data-value for tests; `testId` to the value.
 */
export function StatCard({
  label,
  value,
  tone = 'teal',
  testId,
  rawValue,
}: {
  label: string;
  value: ReactNode;
  tone?: StatTone;
  testId?: string;
  rawValue?: number | string;
}) {
  return (
    <Card.Root variant="outline" borderTopWidth="4px" borderTopColor={TONE_COLOR[tone]} bg="bg">
      <Card.Body p={{ base: '4', md: '5' }}>
        <Stat.Root gap="1">
          <Stat.Label color="fg.muted" fontSize="sm" fontWeight="medium">
            {label}
          </Stat.Label>
          <Stat.ValueText
            color={TONE_COLOR[tone]}
            // Sized so a six-figure amount ($706,375.00) stays on one line in a half-width phone card and in
            // a quarter-width laptop card; `anywhere` only for figures longer than that.
            fontSize={{ base: 'lg', sm: 'xl', md: '2xl', '2xl': '3xl' }}
            fontWeight="bold"
            overflowWrap="anywhere"
            data-testid={testId}
            data-value={rawValue}
          >
            {value}
          </Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
