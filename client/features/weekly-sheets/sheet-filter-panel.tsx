import { Input } from '@chakra-ui/react';
import { FilterPanel } from '../../ui/filter-panel';
import { FormField } from '../../ui/form-field';
import { municipalityOptions, OptionsSelect } from '../../ui/options-select';
import {
  hasActiveSheetFilters,
  PROCESSED_OPTIONS,
  type ProcessedFilter,
  type SheetFilters,
} from './sheet-filters';

const fieldSize = { base: 'lg', md: 'md' } as const;

/** docs/producto.md §2: collapsible filters with the 'Filtros activos' badge and 'Limpiar Filtros'. */
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
  return (
    <FilterPanel active={active} onClear={onClear} columns={{ base: 1, md: 3, lg: 5 }}>
      <FormField label="Municipio">
        <OptionsSelect
          value={filters.municipalityId === null ? '' : String(filters.municipalityId)}
          options={municipalityOptions(municipalities)}
          onChange={(v) => onChange({ municipalityId: v ? Number(v) : null })}
        />
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
        <OptionsSelect<ProcessedFilter>
          value={filters.processed}
          options={PROCESSED_OPTIONS}
          onChange={(processed) => onChange({ processed })}
        />
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
    </FilterPanel>
  );
}
