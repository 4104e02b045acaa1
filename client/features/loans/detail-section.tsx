import { DataList, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** data-testid of the value, for tests that read one figure. */
  testId?: string;
}

/** A titled block of 'label: value' pairs in the loan detail; `wide` lays them in two columns from md. */
export function DetailSection({
  title,
  items,
  wide = false,
}: {
  title: string;
  items: readonly DetailItem[];
  wide?: boolean;
}) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <DataList.Root
        orientation="horizontal"
        size="sm"
        gap="2"
        display={wide ? 'grid' : undefined}
        gridTemplateColumns={wide ? { base: '1fr', md: '1fr 1fr' } : undefined}
        columnGap="6"
      >
        {items.map((item) => (
          <DataList.Item key={item.label}>
            <DataList.ItemLabel minW={{ base: '32', md: '36' }} color="fg.muted">
              {item.label}
            </DataList.ItemLabel>
            <DataList.ItemValue fontWeight="medium" overflowWrap="anywhere" data-testid={item.testId}>
              {item.value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

export const yesNo = (value: boolean): string => (value ? 'Sí' : 'No');
