import { Box, Button, Checkbox, Field, Grid, Input, Link, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import { businessToday, formatDate } from '../../../../shared/dates';
import { formatMoney } from '../../../../shared/money';
import { summaryRowOf } from '../../../../shared/sheets/amounts';
import { RowStatus } from '../../loans/payment-row-parts';
import { usePaymentRowEdit } from '../../loans/use-payment-row-edit';
import type { SheetLoanItem } from './use-sheet-loans';

/** md+: the sheet's columns on one line; phones: a card with PAGÓ, PARCIAL, FECHA PAGADA and Guardar big. */
export const RESUMEN_COLUMNS =
  '3.5rem 6.5rem 6.5rem 6.5rem 6.5rem 5.5rem 3rem 6.5rem 4.5rem 7rem 9rem minmax(8rem, 1fr) 7rem 6rem';

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.muted" hideFrom="md">
        {label}
      </Text>
      <Box fontSize="sm">{children}</Box>
    </Stack>
  );
}

/**
 * One loan of the summary view: the row docs/producto.md §4 picks (shared summaryRowOf), recorded through the loan
 * detail's own edit hook (the one payment path, shown in the frame of the tap). The row chosen on first
 * render stays put after a save, so the list does not jump under the thumb; it then shows its new state.
 */
export const ResumenRow = memo(function ResumenRow({
  item,
  coverageWeekEnd,
  canEdit,
}: {
  item: SheetLoanItem;
  coverageWeekEnd: string;
  canEdit: boolean;
}) {
  const { loan, client } = item.detail;
  const [rowId] = useState(
    () => summaryRowOf(item.detail.rows, businessToday(), coverageWeekEnd)?.id ?? null,
  );
  const editor = usePaymentRowEdit(item.detail);
  const row = editor.shown.rows.find((r) => r.id === rowId) ?? null;
  const locked = !row || row.pagada || row.renovo;
  const { state, start } = editor;
  useEffect(() => {
    if (canEdit && row && !locked && !state) start(row);
  }, [canEdit, row, locked, state, start]);
  if (!row) return null;
  const editing = state?.rowId === row.id ? state : null;
  // SALDO A LIQ., ADEUDO and A COBRAR as the sheet took them (its file prints the same): A COBRAR adds up to the
  // sheet's 'Total esperado'.
  const { sheetLoan } = item;
  return (
    <Grid
      data-testid="resumen-row"
      data-loan-reference={loan.loan_reference}
      templateColumns={{ base: '1fr 1fr', md: RESUMEN_COLUMNS }}
      gap={{ base: '3', md: '2' }}
      alignItems="center"
      p={{ base: '3', md: '2' }}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
    >
      <Box gridColumn={{ base: '1 / -1', md: 'auto' }} hideFrom="md">
        <Text fontWeight="bold">{client?.nombre ?? '—'}</Text>
        <Text fontSize="sm" color="fg.muted">
          Grupo {loan.grupo} · {loan.loan_reference}
        </Text>
      </Box>
      <Box hideBelow="md" fontSize="sm">
        {loan.grupo}
      </Box>
      <Box hideBelow="md" fontSize="sm">
        {loan.loan_reference}
      </Box>
      <Cell label="Saldo a liq.">{formatMoney(sheetLoan.saldo_a_liquidar)}</Cell>
      <Cell label="Adeudo">{formatMoney(sheetLoan.adeudo ?? 0)}</Cell>
      <Cell label="A cobrar">{formatMoney(sheetLoan.monto_esperado)}</Cell>
      <Cell label="Abono">{formatMoney(loan.abono)}</Cell>
      <Cell label="# Pag">{row.numero_pago}</Cell>
      <Cell label="Fecha pago">{formatDate(row.fecha_pago)}</Cell>
      {editing ? (
        <>
          <Checkbox.Root
            checked={editing.values.pagada}
            onCheckedChange={(e) => editor.change({ pagada: e.checked === true })}
            minH="11"
            size="lg"
            gridColumn={{ base: '1 / -1', md: 'auto' }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Pagó</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root invalid={Boolean(editing.error)}>
            <Field.Label fontSize="xs" color="fg.muted" hideFrom="md">
              Parcial
            </Field.Label>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              size={{ base: 'lg', md: 'sm' }}
              aria-label="Parcial"
              value={editing.values.parcial}
              onChange={(e) => editor.change({ parcial: e.target.value })}
            />
            {editing.error && <Field.ErrorText data-testid="row-edit-error">{editing.error}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs" color="fg.muted" hideFrom="md">
              Fecha pagada
            </Field.Label>
            <Input
              type="date"
              size={{ base: 'lg', md: 'sm' }}
              aria-label="Fecha pagada"
              value={editing.values.fechaPagada}
              onChange={(e) => editor.change({ fechaPagada: e.target.value })}
            />
          </Field.Root>
        </>
      ) : (
        <Box gridColumn={{ base: '1 / -1', md: 'span 3' }}>
          <RowStatus row={row} sync={editor.shown.sync.get(row.id)} />
        </Box>
      )}
      <Box hideBelow="md" fontSize="sm" truncate>
        {client?.nombre ?? '—'}
      </Box>
      <Cell label="Celular">
        {client?.telefono ? (
          <Link href={`tel:${client.telefono}`} color="teal.700">
            {client.telefono}
          </Link>
        ) : (
          '—'
        )}
      </Cell>
      <Stack direction={{ base: 'row', md: 'column' }} gap="2" gridColumn={{ base: '1 / -1', md: 'auto' }}>
        {editing ? (
          <>
            <Button size={{ base: 'lg', md: 'xs' }} flex="1" onClick={() => void editor.save()}>
              Guardar
            </Button>
            <Button size={{ base: 'lg', md: 'xs' }} flex="1" variant="outline" onClick={() => start(row)}>
              Cancelar
            </Button>
          </>
        ) : null}
      </Stack>
      {editing && editor.shown.sync.get(row.id)?.pending && (
        <Box gridColumn="1 / -1">
          <RowStatus row={row} sync={editor.shown.sync.get(row.id)} />
        </Box>
      )}
    </Grid>
  );
});
