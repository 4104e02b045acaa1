import { Button, Group } from '@chakra-ui/react';
import { REVIEW_FILTERS, type ReviewFilter } from './conflict-filter';
import { conflictTexts as t } from './conflict-texts';

/** Por revisar / Revisados / Todos, as pressed toggle buttons. */
export function ConflictFilterButtons({
  value,
  onChange,
}: {
  value: ReviewFilter;
  onChange: (value: ReviewFilter) => void;
}) {
  return (
    <Group attached role="group" aria-label={t.filtro} w={{ base: 'full', sm: 'auto' }}>
      {REVIEW_FILTERS.map((filter) => (
        <Button
          key={filter.value}
          size={{ base: 'lg', md: 'md' }}
          flex={{ base: '1', sm: 'initial' }}
          px={{ base: '2', sm: '4' }}
          variant={filter.value === value ? 'solid' : 'outline'}
          aria-pressed={filter.value === value}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </Button>
      ))}
    </Group>
  );
}
