import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import { IconCheck, IconSync, IconX } from '../../ui/icons';
import { CELL_STYLES } from './cell-styles';
import { compactMoney, type HistoryCell } from './history-cell';

/** The mark inside a cell (hidden from screen readers: the cell's own text says it in words). */
function CellMark({ cell }: { cell: HistoryCell }) {
  switch (cell.kind) {
    case 'renewed':
      return <IconSync />;
    case 'paid':
      return <IconCheck />;
    case 'unpaid':
      return <IconX />;
    case 'partial':
      return <>{compactMoney(cell.amount ?? 0)}</>;
    case 'upcoming':
    case 'absent':
      return null;
  }
}

/** One payment cell of the history grid, coloured by its state (docs/producto.md §2). */
export function HistoryCellView({ cell }: { cell: HistoryCell }) {
  const style = CELL_STYLES[cell.kind];
  return (
    <Table.Cell px="0.5" py="1" data-status={cell.kind} data-numero={cell.numero} title={cell.label}>
      {/* Relative, so the visually hidden label stays inside the grid's scroll box (not the page's). */}
      <Box
        position="relative"
        display="flex"
        alignItems="center"
        justifyContent="center"
        minW="9"
        h="8"
        px="0.5"
        borderRadius="sm"
        borderWidth="1px"
        bg={style.bg}
        color={style.color}
        borderColor={style.borderColor}
        // A partial amount fits the narrow column: thousands in the smallest size ('$1,029').
        fontSize={cell.kind !== 'partial' ? 'md' : (cell.amount ?? 0) >= 1000 ? '2xs' : 'xs'}
        fontWeight="semibold"
        whiteSpace="nowrap"
      >
        <Box as="span" aria-hidden="true" display="inline-flex">
          <CellMark cell={cell} />
        </Box>
        <VisuallyHidden>{cell.label}</VisuallyHidden>
      </Box>
    </Table.Cell>
  );
}

/** A cell whose rows are still being read from the device (a moment, on a page change). */
export function PendingCellView({ numero }: { numero: number }) {
  return (
    <Table.Cell px="0.5" py="1" data-status="loading" data-numero={numero}>
      <Box minW="9" h="8" borderRadius="sm" bg="bg.muted" />
    </Table.Cell>
  );
}
