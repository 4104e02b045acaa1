import { NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { FilterPanel } from '../../ui/filter-panel';
import { FormField } from '../../ui/form-field';
import { ClientNameInput } from './client-name-input';
import { hasActiveFilters, type LoanFilters, type LoanStatusFilter, STATUS_OPTIONS } from './loan-filters';
import type { MunicipalityOption } from './use-municipality-options';

/** SPEC §2 loan filters: client name, municipality, status; 'Limpiar Filtros' also returns to page 1. */
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
  const [nameKey, setNameKey] = useState(0);
  const clear = () => {
    onClear();
    setNameKey((k) => k + 1);
  };
  return (
    <FilterPanel active={active} onClear={clear} columns={{ base: 1, md: 3 }}>
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
            onChange={(e) => onChange({ municipalityId: e.target.value ? Number(e.target.value) : null })}
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
    </FilterPanel>
  );
}
