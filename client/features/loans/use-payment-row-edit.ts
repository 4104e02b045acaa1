import { useCallback, useMemo, useState } from 'react';
import { businessToday } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { previewPayment } from '../../mutators/record-payment';
import { useRecordPayment } from '../../mutators/use-record-payment';
import { PAYMENT_ROW_TOAST_MS, toastError, toastSuccess } from '../../ui/toaster';
import type { RowSync } from './loan-figures';
import { checkEdit, initialEditValues, type PaymentEditValues } from './payment-edit-form';
import type { LoanDetail } from './use-loan-detail';

export interface RowEditState {
  rowId: number;
  values: PaymentEditValues;
  /** The shared schema's message for the current values, after a 'Guardar'. */
  error: string | null;
}

/** Rows a save is writing, shown until the live read that `basis` came from is replaced by a newer one. */
interface Saving {
  basis: readonly Amortization[];
  changed: ReadonlyMap<number, Amortization>;
}

const PENDING: RowSync = { pending: true, rejectedReason: null };

/**
 * docs/producto.md §4 payment edit: view → editing ('Editar') → saved ('Guardar') or cancelled, one row at a time. Saving
 * records the payment on the device (the one payment path, online or offline). The rows it changes show in
 * the same frame as the tap, computed as `recordPayment` computes them, while the write commits; the live
 * read then takes over. A failed write puts the row back in edit with what was typed. The success toast
 * hides after 3 s (docs/producto.md §9); a refusal keeps the usual 5 s, so its reason can be read.
 */
export function usePaymentRowEdit(detail: LoanDetail) {
  const recordPayment = useRecordPayment();
  const [state, setState] = useState<RowEditState | null>(null);
  const [saving, setSaving] = useState<Saving | null>(null);
  const { loan, rows, sync } = detail;

  const start = useCallback((row: Amortization) => {
    setState({ rowId: row.id, values: initialEditValues(row, businessToday()), error: null });
  }, []);
  const change = useCallback((patch: Partial<PaymentEditValues>) => {
    setState((s) => (s ? { ...s, values: { ...s.values, ...patch }, error: null } : s));
  }, []);
  const cancel = useCallback(() => setState(null), []);

  const save = useCallback(async () => {
    if (!state) return;
    const check = checkEdit(state.values, { today: businessToday(), loanStart: loan.fecha_inicio });
    if (!check.ok) {
      setState({ ...state, error: check.message });
      return;
    }
    const input = { kind: 'fila', loanId: loan.id, amortizationId: state.rowId, edit: check.edit } as const;
    const preview = previewPayment(loan, rows, input, businessToday());
    if (!preview.ok) {
      toastError(`${m.errorAmortizacion}${preview.message}`);
      return;
    }
    setSaving({ basis: rows, changed: new Map(preview.changed.map((r) => [r.id, r])) });
    setState(null);
    const failed = (reason: string) => {
      toastError(`${m.errorAmortizacion}${reason}`);
      setSaving(null);
      setState(state);
    };
    try {
      const result = await recordPayment(input);
      if (!result.ok) return failed(result.message);
      // An edit that changes nothing queues nothing: there is nothing to announce.
      // Without signal the server does not have it yet: say where it is, not that it is done.
      if (result.entryId !== null)
        toastSuccess(navigator.onLine ? m.amortizacionActualizada : m.guardadoEnTelefono, {
          duration: PAYMENT_ROW_TOAST_MS,
        });
    } catch (error) {
      failed(error instanceof Error && error.message ? error.message : m.errorDesconocido);
    }
  }, [loan, rows, recordPayment, state]);

  // While the live read is still the one the save started from, show the save's rows over it, pending.
  const shown = useMemo(() => {
    if (!saving || saving.basis !== rows) return { rows, sync };
    const pendingSync = new Map(sync);
    for (const id of saving.changed.keys()) pendingSync.set(id, PENDING);
    return { rows: rows.map((r) => saving.changed.get(r.id) ?? r), sync: pendingSync };
  }, [saving, rows, sync]);

  return { state, start, change, cancel, save, shown };
}
