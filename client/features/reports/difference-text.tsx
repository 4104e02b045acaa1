import { Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../shared/money';
import { reportMessages } from '../../../shared/reports/messages';

/** A week's or a town's difference; negative means capital had to be injected (docs/producto.md §2). */
export function DifferenceText({ value }: { value: number }) {
  if (value >= 0)
    return (
      <Text as="span" color="teal.700" fontWeight="medium">
        {formatMoney(value)}
      </Text>
    );
  return (
    <Stack as="span" gap="0" display="inline-flex" alignItems={{ base: 'flex-start', md: 'flex-end' }}>
      <Text as="span" color="red.700" fontWeight="medium">
        {formatMoney(value)}
      </Text>
      <Text as="span" color="red.700" fontSize="xs" data-testid="capital-inyectado">
        {reportMessages.capitalInyectado}
      </Text>
    </Stack>
  );
}
