import { Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { MAX_NOTA_CORTE } from '../../../shared/cash-counts/schemas';
import { formatDate, type IsoDate } from '../../../shared/dates';
import { type Cents, formatCents, toCents } from '../../../shared/money';
import { recordedOnPhone } from '../../mutators/record-cash-count';
import { useLocalStore } from '../../store/local-store-context';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';

/** What this phone recorded today for the user, per modalidad de pago (pending and synced payments). */
function useDayOnPhone(userId: number, today: IsoDate) {
  const { db } = useLocalStore();
  return useLiveQuery(async () => {
    const entries = await db.outbox.toArray();
    const loanIds = [...new Set(entries.flatMap((e) => (e.loanId ? [e.loanId] : [])))];
    const loans = await db.loans.bulkGet(loanIds);
    const modalidad = new Map(loans.flatMap((l) => (l ? [[l.id, l.modalidad_pago] as const] : [])));
    return recordedOnPhone(entries, userId, today, {
      modalidadOf: (id) => modalidad.get(id) ?? 'SIN MODALIDAD',
    });
  }, [db, userId, today]);
}

/** 'Cerrar día': the cash the phone expects, the amount counted, the difference, and an optional note. */
export function CloseDayDialog({
  open,
  userId,
  today,
  onClose,
  onSubmit,
}: {
  open: boolean;
  userId: number;
  today: IsoDate;
  onClose: () => void;
  onSubmit: (form: { contado: string; nota: string }) => Promise<{ field?: string; message: string } | null>;
}) {
  const day = useDayOnPhone(userId, today);
  const [contado, setContado] = useState('');
  const [nota, setNota] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const counted = toCents(contado.trim() === '' ? Number.NaN : contado);
  const expected = day?.cobrado ?? (0 as Cents);
  const close = () => {
    setContado('');
    setNota('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    const refusal = await onSubmit({ contado, nota });
    setBusy(false);
    if (refusal) setError(refusal);
    else close();
  };
  return (
    <FormDialog
      open={open}
      title={`Cerrar día ${formatDate(today)}`}
      submitLabel="Guardar corte"
      busy={busy}
      requiresOnline={false}
      onSubmit={() => void submit()}
      onClose={close}
      testId="close-day-dialog"
    >
      <Stack gap="1">
        <Text fontWeight="semibold">Registrado hoy en este teléfono</Text>
        <Table.Root size="sm" aria-label="Registrado por modalidad de pago">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Modalidad</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Pagos</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Monto</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(day?.porModalidad ?? []).map((m) => (
              <Table.Row key={m.modalidad_pago}>
                <Table.Cell>{m.modalidad_pago}</Table.Cell>
                <Table.Cell textAlign="end">{m.pagos}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(m.monto)}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="bold">
              <Table.Cell>Total</Table.Cell>
              <Table.Cell textAlign="end">{day?.pagos ?? 0}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="close-day-expected">
                {formatCents(expected)}
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Stack>
      <FormField
        label="Efectivo contado"
        error={error?.field === 'contado' ? error.message : undefined}
        required
      >
        <Input
          inputMode="decimal"
          size="lg"
          autoComplete="off"
          placeholder="0.00"
          value={contado}
          onChange={(e) => {
            setContado(e.target.value);
            setError(null);
          }}
        />
      </FormField>
      {counted !== null && (
        <Text
          data-testid="close-day-difference"
          color={counted < expected ? 'red.700' : undefined}
          fontWeight="semibold"
        >
          Diferencia: {formatCents((counted - expected) as Cents)}
          {counted < expected ? ' (falta efectivo)' : counted > expected ? ' (sobra efectivo)' : ''}
        </Text>
      )}
      <FormField label="Nota" error={error?.field === 'nota' ? error.message : undefined}>
        <Textarea maxLength={MAX_NOTA_CORTE} value={nota} onChange={(e) => setNota(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
