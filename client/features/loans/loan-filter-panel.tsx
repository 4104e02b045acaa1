import { useState } from 'react';
import { FilterPanel } from '../../ui/filter-panel';
import { FormField } from '../../ui/form-field';
import { municipalityOptions, OptionsSelect } from '../../ui/options-select';
import { ClientNameInput } from './client-name-input';
import { hasActiveFilters, type LoanFilters, type LoanStatusFilter, STATUS_OPTIONS } from './loan-filters';
import type { MunicipalityOption } from './use-municipality-options';

/** docs/producto.md §2 loan filters: client name, municipality, status; 'Limpiar Filtros' also returns to page 1. */
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
        <OptionsSelect
          value={filters.municipalityId === null ? '' : String(filters.municipalityId)}
          options={[
            ...municipalityOptions(municipalities),
            // A link or an old URL may name a municipality the device no longer lists.
            ...(filters.municipalityId !== null &&
            !municipalities.some((m) => m.id === filters.municipalityId)
              ? [{ value: String(filters.municipalityId), label: 'Municipio no disponible' }]
              : []),
          ]}
          onChange={(v) => onChange({ municipalityId: v ? Number(v) : null })}
        />
      </FormField>
      <FormField label="Estado">
        <OptionsSelect<LoanStatusFilter>
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ status })}
        />
      </FormField>
    </FilterPanel>
  );
}
