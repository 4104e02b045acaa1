import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A screen's h1, optional subtitle, and its main buttons (below the title on phones, at the end from md). */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      justify="space-between"
      gap="4"
    >
      <Stack gap="1" minW="0">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {actions && (
        <Flex gap="3" wrap="wrap" direction={{ base: 'column', sm: 'row' }} flexShrink="0">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
