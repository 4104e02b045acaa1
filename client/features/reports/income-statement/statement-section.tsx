import { Box, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatMoney } from '../../../../shared/money';
import { IconChevronDown } from '../../../ui/icons';

export interface StatementLine {
  label: string;
  value: number;
  /** A detail line under another (a concept under its expense type). */
  indent?: boolean;
}

/** One collapsible block of the statement: its title and total on the trigger, its lines inside. */
export function StatementSection({
  id,
  title,
  total,
  lines,
  tone = 'fg',
  negative = false,
}: {
  id: string;
  title: string;
  total: number;
  lines: readonly StatementLine[];
  tone?: string;
  /** Costs: shown with a minus sign, as they are subtracted. */
  negative?: boolean;
}) {
  const [open, setOpen] = useState(true);
  const sign = (v: number) => (negative && v !== 0 ? `− ${formatMoney(v)}` : formatMoney(v));
  return (
    <Collapsible.Root open={open} onOpenChange={(d) => setOpen(d.open)} data-testid={`section-${id}`}>
      <Collapsible.Trigger
        w="full"
        display="flex"
        alignItems="center"
        justifyContent="space-between"
        gap="3"
        px="4"
        py="3"
        bg="bg.muted"
        borderRadius="md"
        cursor="pointer"
        minH="44px"
      >
        <Flex align="center" gap="2">
          <Box
            as="span"
            transform={open ? undefined : 'rotate(-90deg)'}
            transition="transform 0.15s"
            className="no-print"
          >
            <IconChevronDown />
          </Box>
          <Text as="span" fontWeight="bold" letterSpacing="wide">
            {title}
          </Text>
        </Flex>
        <Text as="span" fontWeight="bold" color={tone} data-testid={`total-${id}`} data-value={total}>
          {sign(total)}
        </Text>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="0" px="4" py="2">
          {lines.map((line) => (
            <Flex
              key={line.label}
              justify="space-between"
              gap="3"
              py="1.5"
              pl={line.indent ? '6' : '6'}
              borderBottomWidth="1px"
              borderColor="border.muted"
              fontSize={line.indent ? 'sm' : 'md'}
              color={line.indent ? 'fg.muted' : 'fg'}
            >
              <Text pl={line.indent ? '4' : '0'}>{line.label}</Text>
              <Text whiteSpace="nowrap">{sign(line.value)}</Text>
            </Flex>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
