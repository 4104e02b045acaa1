import { Badge, Table, Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { HISTORY_PAYMENT_COLUMNS } from './history-cell';
import { HistoryCellView, PendingCellView } from './history-cell-view';
import { historyTexts as t } from './history-texts';
import type { HistoryGridRow } from './use-loan-history';

const NUMBERS = Array.from({ length: HISTORY_PAYMENT_COLUMNS }, (_, i) => i + 1);

// The name column stays in view while the payments scroll sideways (a phone shows about three of them).
const sticky = {
  position: 'sticky',
  left: '0',
  zIndex: '1',
  bg: 'bg',
  borderRightWidth: '1px',
  minW: { base: '32', md: '40' },
  maxW: { base: '32', md: '52' },
} as const;

function HeaderRow() {
  return (
    <Table.Row bg="bg.muted">
      <Table.ColumnHeader {...sticky} bg="bg.muted" zIndex="3">
        Nombre
      </Table.ColumnHeader>
      <Table.ColumnHeader whiteSpace="nowrap" px="1.5">
        Fecha
      </Table.ColumnHeader>
      <Table.ColumnHeader textAlign="end" px="1.5">
        Grupo
      </Table.ColumnHeader>
      <Table.ColumnHeader textAlign="end">Abono</Table.ColumnHeader>
      {NUMBERS.map((n) => (
        <Table.ColumnHeader key={n} textAlign="center" px="0.5">
          {n}
        </Table.ColumnHeader>
      ))}
    </Table.Row>
  );
}

function GridRow({ row }: { row: HistoryGridRow }) {
  const { entry, cells } = row;
  return (
    <Table.Row
      data-testid="history-row"
      data-key={entry.loanId}
      data-source={row.fromServer ? 'servidor' : 'dispositivo'}
    >
      <Table.Cell {...sticky} py="1.5" data-column="nombre">
        <Text fontWeight="medium" lineClamp={2} overflowWrap="anywhere" title={entry.nombre}>
          {entry.nombre}
        </Text>
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {entry.loanReference}
          {row.fromServer && (
            <Badge ms="1" size="xs" variant="subtle" colorPalette="gray">
              {t.delServidor}
            </Badge>
          )}
        </Text>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" px="1.5" data-column="fecha">
        {formatDate(entry.fechaInicio)}
      </Table.Cell>
      <Table.Cell textAlign="end" px="1.5" data-column="grupo">
        {entry.grupo}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" data-column="abono">
        {formatMoney(entry.abono)}
      </Table.Cell>
      {cells
        ? cells.map((cell) => <HistoryCellView key={cell.numero} cell={cell} />)
        : NUMBERS.map((n) => <PendingCellView key={n} numero={n} />)}
    </Table.Row>
  );
}

/**
 * docs/producto.md §2 grid: Nombre, Fecha, Grupo, Abono and the 14 payments. It scrolls inside its own box (the page
 * never scrolls sideways), with the name column and the header row sticky.
 */
export function HistoryGrid({ rows, busy }: { rows: readonly HistoryGridRow[]; busy: boolean }) {
  return (
    // Its own scroll box both ways, under the app header: the payment numbers and the names stay in view
    // while a phone scrolls the page of clients. Nothing inside takes the focus, so the box does
    // (a named region): the arrow keys scroll it (WCAG 2.1.1).
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      maxW="full"
      maxH="calc(100dvh - 8rem)"
      overflowY="auto"
      tabIndex={0}
      role="region"
      aria-label={t.desplazable}
      focusVisibleRing="inside"
      data-testid="history-grid"
    >
      <Table.Root
        size="sm"
        aria-label={t.tabla}
        aria-busy={busy}
        css={{ borderCollapse: 'separate', borderSpacing: 0 }}
      >
        <Table.Header position="sticky" top="0" zIndex="2" bg="bg.muted">
          <HeaderRow />
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <GridRow key={row.entry.loanId} row={row} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
