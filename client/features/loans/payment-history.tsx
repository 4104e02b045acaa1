import { Box, Card, Flex, Heading, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { formatDate } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { formatMoney } from '../../../shared/money';
import { yesNo } from './detail-section';
import type { RowSync } from './loan-figures';
import {
  amountReceived,
  PaidCheckbox,
  PaidDateInput,
  PartialInput,
  RowButtons,
  type RowEditor,
  RowStatus,
  rowAmount,
} from './payment-row-parts';

export interface PaymentHistoryProps {
  rows: readonly Amortization[];
  abono: number;
  sync: ReadonlyMap<number, RowSync>;
  editor: RowEditor;
  /** False for a loan read from the server or a role without PAGOS_REGISTRAR. */
  canEdit: boolean;
}

const HEADERS = [
  'Pago #',
  'Fecha de pago',
  'Estado',
  'Monto pagado',
  'Fecha Pagada',
  'Renovación',
  'Abono Esperado',
  'Acciones',
];

/** docs/producto.md §2 payment history with inline edit: a table from md up, one card per payment on phones. */
export function PaymentHistory(props: PaymentHistoryProps) {
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        Historial de pagos
      </Heading>
      {props.rows.length === 0 ? (
        <Text color="fg.muted">Este préstamo no tiene pagos programados</Text>
      ) : isDesktop ? (
        <HistoryTable {...props} />
      ) : (
        <HistoryCards {...props} />
      )}
    </Stack>
  );
}

function HistoryTable({ rows, abono, sync, editor, canEdit }: PaymentHistoryProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label="Historial de pagos">
        <Table.Header>
          <Table.Row bg="bg.muted">
            {HEADERS.map((h) => (
              <Table.ColumnHeader key={h} whiteSpace="nowrap">
                {h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <HistoryTableRow key={row.id} {...rowProps(row, abono, sync, editor, canEdit)} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One payment's props: only the row being edited gets the editor, so a save re-renders just the rows it changed. */
interface RowProps {
  row: Amortization;
  abono: number;
  rowSync: RowSync | undefined;
  editor: RowEditor | null;
  onStart: (row: Amortization) => void;
  canEdit: boolean;
}

const rowProps = (
  row: Amortization,
  abono: number,
  sync: ReadonlyMap<number, RowSync>,
  editor: RowEditor,
  canEdit: boolean,
): RowProps => ({
  row,
  abono,
  rowSync: sync.get(row.id),
  editor: editor.state?.rowId === row.id ? editor : null,
  onStart: editor.start,
  canEdit,
});

const shallowEqual = <T extends object>(a: T | undefined, b: T | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    Object.keys(a).length === Object.keys(b).length &&
    (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]));

/** A live read brings new objects for every row: compare what they hold, not who they are. */
const sameRow = (a: RowProps, b: RowProps) =>
  a.editor === b.editor &&
  a.onStart === b.onStart &&
  a.canEdit === b.canEdit &&
  a.abono === b.abono &&
  shallowEqual(a.row, b.row) &&
  shallowEqual(a.rowSync, b.rowSync);

const HistoryTableRow = memo(function HistoryTableRow({
  row,
  abono,
  rowSync,
  editor,
  onStart,
  canEdit,
}: RowProps) {
  return (
    <Table.Row data-testid="payment-row" data-numero={row.numero_pago} verticalAlign="top">
      <Table.Cell>{row.numero_pago}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(row.fecha_pago)}</Table.Cell>
      <Table.Cell>
        {editor ? (
          <PaidCheckbox editor={editor} row={row} abono={abono} />
        ) : (
          <RowStatus row={row} sync={rowSync} />
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {editor ? <PartialInput editor={editor} /> : formatMoney(amountReceived(row, abono))}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {editor ? <PaidDateInput editor={editor} /> : formatDate(row.fecha_pagada)}
      </Table.Cell>
      <Table.Cell>{yesNo(row.renovo)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatMoney(rowAmount(row, abono))}</Table.Cell>
      <Table.Cell>
        <RowButtons row={row} editor={editor} onStart={onStart} canEdit={canEdit} />
      </Table.Cell>
    </Table.Row>
  );
}, sameRow);

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="contents">
      <Box as="dt" color="fg.muted">
        {label}
      </Box>
      <Box as="dd" minW="0">
        {children}
      </Box>
    </Box>
  );
}

function HistoryCards({ rows, abono, sync, editor, canEdit }: PaymentHistoryProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Historial de pagos">
      {rows.map((row) => (
        <HistoryCard key={row.id} {...rowProps(row, abono, sync, editor, canEdit)} />
      ))}
    </Stack>
  );
}

const HistoryCard = memo(function HistoryCard({ row, abono, rowSync, editor, onStart, canEdit }: RowProps) {
  return (
    <Card.Root as="li" variant="outline" data-testid="payment-row" data-numero={row.numero_pago}>
      <Card.Body px="4" py="3" gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Text fontWeight="semibold">Pago #{row.numero_pago}</Text>
          <RowStatus row={row} sync={rowSync} />
        </Flex>
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
          <Pair label="Fecha de pago">{formatDate(row.fecha_pago)}</Pair>
          {!editor && <Pair label="Monto pagado">{formatMoney(amountReceived(row, abono))}</Pair>}
          {!editor && <Pair label="Fecha Pagada">{formatDate(row.fecha_pagada)}</Pair>}
          <Pair label="Renovación">{yesNo(row.renovo)}</Pair>
          <Pair label="Abono Esperado">{formatMoney(rowAmount(row, abono))}</Pair>
        </Box>
        {editor && (
          <Stack gap="3">
            <PaidCheckbox editor={editor} row={row} abono={abono} />
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                Monto pagado
              </Text>
              <PartialInput editor={editor} />
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                Fecha Pagada
              </Text>
              <PaidDateInput editor={editor} />
            </Stack>
          </Stack>
        )}
        <RowButtons row={row} editor={editor} onStart={onStart} canEdit={canEdit} />
      </Card.Body>
    </Card.Root>
  );
}, sameRow);
