import { Badge, Box } from '@chakra-ui/react';
import { SHEET_STATE_LABELS, sheetState } from '../../../shared/sheets/state';
import type { SheetLog, SheetState } from '../../../shared/sheets/types';

/** Short words for the badge; the full label goes to screen readers and the tooltip. */
const SHORT: Record<SheetState, string> = {
  errores: 'Errores',
  advertencias: 'Advertencias',
  procesada: 'Procesada',
  pendiente: 'Pendiente',
};

const COLOR: Record<SheetState, string> = {
  errores: 'red',
  advertencias: 'yellow',
  procesada: 'green',
  pendiente: 'orange',
};

/** docs/producto.md §4 status icon: a coloured dot with its words (the colour alone says nothing to a screen reader). */
export function SheetStateBadge({ sheet }: { sheet: { processed: boolean; log: SheetLog } }) {
  const state = sheetState(sheet);
  return (
    <Badge
      colorPalette={COLOR[state]}
      variant="subtle"
      gap="1.5"
      data-testid="sheet-state"
      data-state={state}
      title={SHEET_STATE_LABELS[state]}
      aria-label={SHEET_STATE_LABELS[state]}
    >
      <Box as="span" w="2.5" h="2.5" borderRadius="full" bg={`${COLOR[state]}.500`} aria-hidden="true" />
      {SHORT[state]}
    </Badge>
  );
}
