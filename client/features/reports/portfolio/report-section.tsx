import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled block of the portfolio report: its definition, its chart, its table. */
export function ReportSection({
  title,
  definition,
  children,
  testId,
}: {
  title: string;
  definition: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={testId}>
      <Card.Body gap="4" p={{ base: '3', md: '5' }}>
        <Stack gap="1">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {definition}
          </Text>
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
