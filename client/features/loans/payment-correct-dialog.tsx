import { Input, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { businessToday, formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { paymentMessages as m } from '../../../shared/payments/messages';
import {
  type CorrectionErrors,
  type CorrectionField,
  type CorrectionValues,
  checkCorrection,
} from '../../mutators/correct-payment';
import { useCorrectPayment } from '../../mutators/use-correct-payment';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toastSuccess } from '../../ui/toaster';
import { paymentsReceivedTexts as t } from './payments-received-texts';
import type { ReceivedPayment } from './received-payments';

/**
 * 'Corregir' one payment: the right amount (0 reverses it), optionally the right date, and why. Checked with the
 * server's schema and queued on the device, so it works without signal; on any refusal what was typed stays.
 * Mounted per payment (keyed by it), so each opening starts from that payment's figures.
 */
export function PaymentCorrectDialog({
  target,
  loanId,
  loanReference,
  loanStart,
  clientName,
  onClose,
}: {
  target: ReceivedPayment;
  loanId: number;
  loanReference: string;
  loanStart: string;
  clientName: string;
  onClose: () => void;
}) {
  const correctPayment = useCorrectPayment();
  const [values, setValues] = useState<CorrectionValues>(() => ({
    amount: String(target.vigente),
    fecha: '',
    reason: '',
  }));
  const [errors, setErrors] = useState<CorrectionErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = businessToday();

  const change = (field: CorrectionField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async () => {
    const checked = checkCorrection(values, target.payment.receipt_id, { today, loanStart });
    if (!checked.ok) {
      setErrors(checked.errors);
      if (Object.keys(checked.errors).length === 0) setFormError(checked.message);
      return;
    }
    setBusy(true);
    try {
      const result = await correctPayment({
        loanId,
        payment: {
          receiptId: target.payment.receipt_id,
          receiptNumber: target.payment.receipt_number,
          vigente: target.vigente,
        },
        values,
        loanReference,
        loanStart,
        clientName,
      });
      if (!result.ok) {
        setErrors(result.errors);
        setFormError(result.message);
        return;
      }
      toastSuccess(t.guardada);
      onClose();
    } catch (error) {
      setFormError(
        `${t.noGuardada}${error instanceof Error && error.message ? error.message : m.errorDesconocido}`,
      );
    } finally {
      setBusy(false);
    }
  };

  const p = target.payment;
  return (
    <FormDialog
      open
      title={t.tituloDialogo}
      busy={busy}
      formError={formError}
      submitLabel={t.guardar}
      requiresOnline={false}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="payment-correct-dialog"
    >
      <Text data-testid="payment-correct-summary">
        Pago <strong>{p.receipt_number}</strong> del {formatDate(target.fecha)} por{' '}
        <strong>{formatMoney(target.vigente)}</strong>
        {p.user ? `, cobró ${p.user.name}` : ''}.
      </Text>
      <FormField label={t.montoCorrecto} error={errors.amount} required helperText={t.montoAyuda}>
        <Input
          name="amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          size={{ base: 'lg', md: 'md' }}
          value={values.amount}
          onChange={(e) => change('amount', e.target.value)}
        />
      </FormField>
      <FormField label={t.fecha} error={errors.fecha} helperText={t.fechaAyuda(formatDate(target.fecha))}>
        <Input
          name="fecha"
          type="date"
          max={today}
          size={{ base: 'lg', md: 'md' }}
          value={values.fecha}
          onChange={(e) => change('fecha', e.target.value)}
        />
      </FormField>
      <FormField label={t.motivo} error={errors.reason} required helperText={t.motivoAyuda}>
        <Textarea
          name="reason"
          rows={3}
          value={values.reason}
          onChange={(e) => change('reason', e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
