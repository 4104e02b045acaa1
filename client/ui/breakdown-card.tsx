import { Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../shared/money';

export interface BreakdownItem {
  key: string | number;
  label: string;
  value: number;
  /** A second line, e.g. '3 egresos' or 'Aportado $… · Retirado $…'. */
  detail?: string;
}

/** A list's total and its split (per concept, per person), beside the list it summarizes. */
export function BreakdownCard({
  title,
  totalLabel,
  total,
  items,
  testId,
}: {
  title: string;
  totalLabel: string;
  total: number;
  items: readonly BreakdownItem[];
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Text color="fg.muted" fontWeight="medium">
            {totalLabel}
          </Text>
          <Text
            fontSize={{ base: 'xl', md: '2xl' }}
            fontWeight="bold"
            color="teal.700"
            data-testid="breakdown-total"
          >
            {formatMoney(total)}
          </Text>
        </Flex>
        {items.length > 0 && (
          <Stack gap="2">
            <Heading as="h2" size="sm" color="fg.muted">
              {title}
            </Heading>
            <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} columnGap="8" listStyleType="none">
              {items.map((item) => (
                <Flex
                  as="li"
                  key={item.key}
                  justify="space-between"
                  gap="3"
                  py="2"
                  borderTopWidth="1px"
                  borderColor="border.muted"
                  data-testid="breakdown-item"
                >
                  <Stack gap="0" minW="0">
                    <Text overflowWrap="anywhere">{item.label}</Text>
                    {item.detail && (
                      <Text fontSize="xs" color="fg.muted">
                        {item.detail}
                      </Text>
                    )}
                  </Stack>
                  <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="breakdown-value">
                    {formatMoney(item.value)}
                  </Text>
                </Flex>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
