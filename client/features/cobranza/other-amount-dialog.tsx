import { Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import * as v from 'valibot';
import { type Cents, formatMoney } from '../../../shared/money';
import { receivedAmountSchema } from '../../../shared/payments/schemas';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { CardModel } from './cobranza-model';

/** 'Otro monto': a partial or larger payment, the loan detail's amount rules, with the phone's number pad. */
export function OtherAmountDialog({
  card,
  onClose,
  onSubmit,
}: {
  card: CardModel | null;
  onClose: () => void;
  /** The money received now (centavos); answers a refusal's message, or null when recorded. */
  onSubmit: (card: CardModel, amount: Cents) => Promise<string | null>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setText('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!card) return;
    // The server's own schema and messages: more than 0, at most two decimals (an amount above what the loan
    // owes comes back from the write, naming the balance).
    const parsed = v.safeParse(receivedAmountSchema, text);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setBusy(true);
    const refusal = await onSubmit(card, parsed.output);
    setBusy(false);
    if (refusal) setError(refusal);
    else close();
  };
  return (
    <FormDialog
      open={card !== null}
      title="Registrar otro monto"
      submitLabel="Registrar pago"
      busy={busy}
      requiresOnline={false}
      onSubmit={() => void submit()}
      onClose={close}
      testId="other-amount-dialog"
    >
      {card && (
        <Text>
          {card.clientName} · abono {formatMoney(card.abonoSemana)} · saldo {formatMoney(card.saldo)}
        </Text>
      )}
      <FormField label="Monto recibido" error={error ?? undefined} required>
        <Input
          inputMode="decimal"
          autoComplete="off"
          size="lg"
          value={text}
          placeholder="0.00"
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          autoFocus
        />
      </FormField>
    </FormDialog>
  );
}
