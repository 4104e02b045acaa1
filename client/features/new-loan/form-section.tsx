import { Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** A titled card of the form (Cliente, Préstamo, Aval, Garantías), labelled by its heading. */
export function FormSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="4"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
      bg="bg"
      minW="0"
      data-testid={testId}
    >
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
