import { Badge, Button, Card, Collapsible, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../ui/form-field';
import { IconChevronDown } from '../../ui/icons';
import {
  hasActiveSheetFilters,
  PROCESSED_OPTIONS,
  type ProcessedFilter,
  type SheetFilters,
} from './sheet-filters';

const fieldSize = { base: 'lg', md: 'md' } as const;

/** SPEC §2: collapsible filters with the 'Filtros activos' badge and 'Limpiar Filtros'. */
export function SheetFilterPanel({
  filters,
  municipalities,
  onChange,
  onClear,
}: {
  filters: SheetFilters;
  municipalities: readonly { id: number; name: string }[];
  onChange: (patch: Partial<SheetFilters>) => void;
  onClear: () => void;
}) {
  const active = hasActiveSheetFilters(filters);
  const [open, setOpen] = useState(active);
  return (
    <Card.Root variant="outline" bg="bg">
      <Collapsible.Root open={open} onOpenChange={(d) => setOpen(d.open)}>
        <Flex px={{ base: '3', md: '4' }} py="2" gap="3" align="center" wrap="wrap">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size={{ base: 'md', md: 'sm' }} minH={{ base: '11', md: 'auto' }} px="2">
              Filtros
              <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
                <IconChevronDown />
              </Collapsible.Indicator>
            </Button>
          </Collapsible.Trigger>
          {active && (
            <Badge colorPalette="teal" variant="solid" data-testid="filters-active">
              Filtros activos
            </Badge>
          )}
          <Button
            ms="auto"
            variant="outline"
            size={{ base: 'md', md: 'sm' }}
            minH={{ base: '11', md: 'auto' }}
            onClick={onClear}
            disabled={!active}
          >
            Limpiar Filtros
          </Button>
        </Flex>
        <Collapsible.Content>
          <SimpleGrid
            columns={{ base: 1, md: 3, lg: 5 }}
            gap="4"
            px={{ base: '3', md: '4' }}
            pb="4"
            pt="2"
            borderTopWidth="1px"
          >
            <FormField label="Municipio">
              <NativeSelect.Root size={fieldSize}>
                <NativeSelect.Field
                  bg="bg"
                  value={filters.municipalityId ?? ''}
                  onChange={(e) =>
                    onChange({ municipalityId: e.target.value ? Number(e.target.value) : null })
                  }
                >
                  <option value="">Todos los municipios</option>
                  {municipalities.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Semana">
              <Input
                size={fieldSize}
                bg="bg"
                value={filters.week}
                placeholder="2026-W48 o dd/mm/aaaa"
                onChange={(e) => onChange({ week: e.target.value })}
              />
            </FormField>
            <FormField label="Estado">
              <NativeSelect.Root size={fieldSize}>
                <NativeSelect.Field
                  bg="bg"
                  value={filters.processed}
                  onChange={(e) => onChange({ processed: e.target.value as ProcessedFilter })}
                >
                  {PROCESSED_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Creada desde">
              <Input
                type="date"
                size={fieldSize}
                bg="bg"
                value={filters.startDate}
                onChange={(e) => onChange({ startDate: e.target.value })}
              />
            </FormField>
            <FormField label="Creada hasta">
              <Input
                type="date"
                size={fieldSize}
                bg="bg"
                value={filters.endDate}
                onChange={(e) => onChange({ endDate: e.target.value })}
              />
            </FormField>
          </SimpleGrid>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}
