import { Badge, Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { amortizationStatus } from '../../../shared/loans/derived';
import type { Amortization } from '../../../shared/loans/types';
import { formatMoney } from '../../../shared/money';
import type { RowSync } from './loan-figures';
import type { usePaymentRowEdit } from './use-payment-row-edit';
import './row-status.css';

export type RowEditor = ReturnType<typeof usePaymentRowEdit>;

const PALETTE = { Renovado: 'purple', Pagado: 'green', Parcial: 'orange', Pendiente: 'gray' } as const;

/** docs/producto.md §4 row status (Renovado, Pagado, Parcial $x, Pendiente), plus what the device knows of its sync. */
export function RowStatus({ row, sync }: { row: Amortization; sync: RowSync | undefined }) {
  const status = amortizationStatus(row);
  return (
    <Stack gap="1" align="flex-start" className="row-status">
      {/* One Chakra badge for every status, coloured by class (row-status.css). */}
      <Badge
        colorPalette="gray"
        variant="subtle"
        className={`row-palette-${PALETTE[status]}`}
        data-testid="row-status"
      >
        {status === 'Parcial' ? `Parcial ${formatMoney(row.parcial)}` : status}
      </Badge>
      {sync?.pending && (
        <Badge
          colorPalette="gray"
          variant="subtle"
          className="row-outline-yellow"
          data-testid="row-pending-sync"
        >
          Pendiente de sincronizar
        </Badge>
      )}
      {sync?.rejectedReason && (
        <Text fontSize="xs" color="fg.error" data-testid="row-rejected">
          Rechazado: {sync.rejectedReason}
        </Text>
      )}
    </Stack>
  );
}

/** The row's own amount due (docs/reglas-del-negocio.md: the abono, or for the last row the rest of monto con interés). */
export const rowAmount = (row: Amortization, abono: number): number =>
  typeof row.monto === 'number' ? row.monto : abono;

/** What the row has received (the ledger's allocation): its amount when paid, else what it holds. */
export const amountReceived = (row: Amortization, abono: number): number =>
  row.pagada ? rowAmount(row, abono) : row.parcial;

/** Paid and renewed rows are locked (docs/producto.md §2, §4). */
export const isLocked = (row: Amortization): boolean => row.pagada || row.renovo;

/** Enter in a field saves, as it would in a form (a table row cannot hold one). */
const saveOnEnter = (editor: RowEditor) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    void editor.save();
  }
};

const touch = { minH: { base: '11', md: 'auto' } } as const;

/** 'Pagado', and once ticked what it will record: the row's amount, so it takes what it lacked. */
export function PaidCheckbox({
  editor,
  row,
  abono,
}: {
  editor: RowEditor;
  row: Amortization;
  abono: number;
}) {
  const state = editor.state!;
  const monto = rowAmount(row, abono);
  const takes = Math.max(0, Math.round(monto * 100) - Math.round(row.parcial * 100)) / 100;
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={state.values.pagada}
        onCheckedChange={(e) => editor.change({ pagada: e.checked === true })}
        {...touch}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pagado</Checkbox.Label>
      </Checkbox.Root>
      {state.values.pagada && (
        <Text fontSize="sm" color="teal.700" data-testid="paid-amount-preview">
          Se registrará un abono de {formatMoney(monto)}
          {row.parcial > 0 ? ` (recibe ${formatMoney(takes)} más)` : ''}
        </Text>
      )}
    </Stack>
  );
}

export function PartialInput({ editor }: { editor: RowEditor }) {
  const state = editor.state!;
  return (
    <Field.Root invalid={Boolean(state.error)}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        size={{ base: 'lg', md: 'sm' }}
        minW="24"
        aria-label="Monto pagado"
        value={state.values.parcial}
        onChange={(e) => editor.change({ parcial: e.target.value })}
        onKeyDown={saveOnEnter(editor)}
      />
      {state.error && <Field.ErrorText data-testid="row-edit-error">{state.error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function PaidDateInput({ editor }: { editor: RowEditor }) {
  const state = editor.state!;
  return (
    <Input
      type="date"
      size={{ base: 'lg', md: 'sm' }}
      aria-label="Fecha pagada"
      value={state.values.fechaPagada}
      onChange={(e) => editor.change({ fechaPagada: e.target.value })}
      onKeyDown={saveOnEnter(editor)}
    />
  );
}

/**
 * 'Editar', or 'Guardar' and 'Cancelar' while editing (`editor` is given only to the row being edited);
 * nothing for a locked row or a read-only loan.
 */
export function RowButtons({
  row,
  editor,
  onStart,
  canEdit,
}: {
  row: Amortization;
  editor: RowEditor | null;
  onStart: (row: Amortization) => void;
  canEdit: boolean;
}) {
  const size = { base: 'md', md: 'xs' } as const;
  const grow = { base: '1', md: 'initial' } as const;
  if (editor) {
    return (
      <Stack direction={{ base: 'row', md: 'column' }} gap="2" w={{ base: 'full', md: 'auto' }}>
        <Button size={size} {...touch} flex={grow} onClick={() => void editor.save()}>
          Guardar
        </Button>
        <Button size={size} {...touch} flex={grow} variant="outline" onClick={editor.cancel}>
          Cancelar
        </Button>
      </Stack>
    );
  }
  if (!canEdit || isLocked(row)) return null;
  return (
    <Button
      size={size}
      {...touch}
      w={{ base: 'full', md: 'auto' }}
      variant="outline"
      aria-label={`Editar pago ${row.numero_pago}`}
      onClick={() => onStart(row)}
    >
      Editar
    </Button>
  );
}
