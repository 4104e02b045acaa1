import { useCallback, useState } from 'react';
import { businessToday } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { useRecordPayment } from '../../db/use-record-payment';
import { PAYMENT_ROW_TOAST_MS, toastError, toastSuccess } from '../../ui/toaster';
import { checkEdit, initialEditValues, type PaymentEditValues } from './payment-edit-form';

export interface RowEditState {
  rowId: number;
  values: PaymentEditValues;
  /** The shared schema's message for the current values, after a 'Guardar'. */
  error: string | null;
  saving: boolean;
}

/**
 * SPEC §4 payment edit: view → editing ('Editar') → saved ('Guardar') or cancelled, one row at a time. Saving
 * records the payment on the device (the one payment path, online or offline); the live queries show it.
 * The success toast hides after 3 s (SPEC §9); a refusal keeps the usual 5 s, so its reason can be read.
 */
export function usePaymentRowEdit(loanId: number) {
  const recordPayment = useRecordPayment();
  const [state, setState] = useState<RowEditState | null>(null);

  const start = useCallback((row: Amortization) => {
    setState({ rowId: row.id, values: initialEditValues(row, businessToday()), error: null, saving: false });
  }, []);
  const change = useCallback((patch: Partial<PaymentEditValues>) => {
    setState((s) => (s ? { ...s, values: { ...s.values, ...patch }, error: null } : s));
  }, []);
  const cancel = useCallback(() => setState(null), []);

  const save = useCallback(async () => {
    if (!state || state.saving) return;
    const check = checkEdit(state.values);
    if (!check.ok) {
      setState({ ...state, error: check.message });
      return;
    }
    setState({ ...state, saving: true });
    try {
      const result = await recordPayment(loanId, state.rowId, check.edit);
      if (!result.ok) {
        toastError(`${m.errorAmortizacion}${result.message}`);
        setState((s) => (s ? { ...s, saving: false } : s));
        return;
      }
      // An edit that changes nothing queues nothing: there is nothing to announce.
      if (result.entryId !== null)
        toastSuccess(m.amortizacionActualizada, { duration: PAYMENT_ROW_TOAST_MS });
      setState(null);
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : m.errorDesconocido;
      toastError(`${m.errorAmortizacion}${reason}`);
      setState((s) => (s ? { ...s, saving: false } : s));
    }
  }, [loanId, recordPayment, state]);

  return { state, start, change, cancel, save };
}
