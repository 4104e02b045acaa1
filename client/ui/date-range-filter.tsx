import { Flex, Input, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { reportMessages as m } from '../../shared/reports/messages';
import { FormField } from './form-field';
import type { ReportRangeState } from './use-report-range';

/**
 * Fecha inicio / Fecha fin, after any shortcut given as children (the income statement's month); the report
 * loads only once both are set and in order (docs/producto.md §5).
 */
export function DateRangeFilter({ range, children }: { range: ReportRangeState; children?: ReactNode }) {
  const missing = !range.fechaInicio || !range.fechaFin;
  return (
    <Flex
      gap="4"
      wrap="wrap"
      align="flex-end"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      className="no-print"
      data-testid="report-range"
    >
      {children}
      <Flex gap="4" flex="1" minW="0" direction={{ base: 'column', sm: 'row' }}>
        <FormField label="Fecha inicio">
          <Input
            type="date"
            value={range.fechaInicio}
            onChange={(e) => range.set({ fechaInicio: e.target.value })}
            data-testid="fecha-inicio"
          />
        </FormField>
        <FormField label="Fecha fin" error={range.inverted ? m.rangoInvertido : undefined}>
          <Input
            type="date"
            value={range.fechaFin}
            onChange={(e) => range.set({ fechaFin: e.target.value })}
            data-testid="fecha-fin"
          />
        </FormField>
      </Flex>
      {missing && (
        <Text w="full" color="fg.muted" fontSize="sm">
          {m.ambasFechas}
        </Text>
      )}
    </Flex>
  );
}
