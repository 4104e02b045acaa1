import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ValueLine } from './conflict-values';

/** Label/value pairs, as a description list. */
export function Pairs({ pairs }: { pairs: readonly { label: string; text: string }[] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
      {pairs.map((pair) => (
        <Box key={pair.label} display="contents">
          <Box as="dt" color="fg.muted">
            {pair.label}
          </Box>
          <Box as="dd" minW="0" overflowWrap="anywhere" fontWeight="medium">
            {pair.text}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** One of the three values of a conflict (before, device, applied). */
export function ValueBox({
  title,
  lines,
  highlight = false,
  testId,
}: {
  title: string;
  lines: readonly ValueLine[];
  highlight?: boolean;
  testId: string;
}) {
  return (
    <Stack
      gap="2"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      bg={highlight ? 'teal.50' : 'bg.subtle'}
      borderColor={highlight ? 'teal.300' : 'border'}
      data-testid={testId}
    >
      <Heading as="h3" size="xs">
        {title}
      </Heading>
      <Pairs pairs={lines} />
    </Stack>
  );
}

/** Who made one of the two changes, from which device, and when. */
export function WhoBox({
  title,
  pairs,
  testId,
}: {
  title: string;
  pairs: { label: string; text: string }[];
  testId: string;
}) {
  return (
    <Stack gap="2" minW="0" data-testid={testId}>
      <Heading as="h3" size="xs">
        {title}
      </Heading>
      <Pairs pairs={pairs} />
    </Stack>
  );
}
