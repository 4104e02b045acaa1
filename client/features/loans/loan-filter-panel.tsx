import { Badge, Button, Card, Collapsible, Flex, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../ui/form-field';
import { IconChevronDown } from '../../ui/icons';
import { ClientNameInput } from './client-name-input';
import { hasActiveFilters, type LoanFilters, type LoanStatusFilter, STATUS_OPTIONS } from './loan-filters';
import type { MunicipalityOption } from './use-municipality-options';

/**
 * SPEC §2 collapsible filter panel: client name, municipality, status; a 'Filtros activos' badge while any is
 * set (visible folded too) and 'Limpiar Filtros', which empties them and returns to page 1.
 */
export function LoanFilterPanel({
  filters,
  municipalities,
  onChange,
  onClear,
}: {
  filters: LoanFilters;
  municipalities: readonly MunicipalityOption[];
  onChange: (patch: Partial<LoanFilters>) => void;
  onClear: () => void;
}) {
  const active = hasActiveFilters(filters);
  // Opens by itself when the page arrives filtered (a link, a reload), so the user sees why rows are missing.
  const [open, setOpen] = useState(active);
  const [nameKey, setNameKey] = useState(0);
  const clear = () => {
    onClear();
    setNameKey((k) => k + 1);
  };
  return (
    <Card.Root variant="outline" bg="bg">
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
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
            onClick={clear}
            disabled={!active}
          >
            Limpiar Filtros
          </Button>
        </Flex>
        <Collapsible.Content>
          <SimpleGrid
            columns={{ base: 1, md: 3 }}
            gap="4"
            px={{ base: '3', md: '4' }}
            pb="4"
            pt="2"
            borderTopWidth="1px"
          >
            <FormField label="Cliente">
              <ClientNameInput
                key={nameKey}
                value={filters.clientName}
                onChange={(clientName) => onChange({ clientName })}
              />
            </FormField>
            <FormField label="Municipio">
              <NativeSelect.Root size={{ base: 'lg', md: 'md' }}>
                <NativeSelect.Field
                  bg="bg"
                  value={filters.municipalityId === null ? '' : String(filters.municipalityId)}
                  onChange={(e) =>
                    onChange({ municipalityId: e.target.value ? Number(e.target.value) : null })
                  }
                >
                  <option value="">Todos los municipios</option>
                  {/* A link or an old URL may name a municipality the device no longer lists. */}
                  {filters.municipalityId !== null &&
                    !municipalities.some((m) => m.id === filters.municipalityId) && (
                      <option value={filters.municipalityId}>Municipio no disponible</option>
                    )}
                  {municipalities.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Estado">
              <NativeSelect.Root size={{ base: 'lg', md: 'md' }}>
                <NativeSelect.Field
                  bg="bg"
                  value={filters.status}
                  onChange={(e) => onChange({ status: e.target.value as LoanStatusFilter })}
                >
                  {STATUS_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}
