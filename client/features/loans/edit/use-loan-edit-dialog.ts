import { useCallback } from 'react';
import { editLoanMessages as e } from '../../../../shared/loans/edit-loan-messages';
import { type EditLoanInput, editLoanSchema } from '../../../../shared/loans/edit-loan-schema';
import type { LoanRecord } from '../../../../shared/loans/types';
import { toPesos } from '../../../../shared/money';
import { apiPut } from '../../../session/api-client';
import { useLocalStore } from '../../../store/local-store-context';
import { useEditDialog } from '../../../ui/use-edit-dialog';

export interface LoanEditForm extends Record<string, unknown> {
  grupo: string;
  nombre_aval: string;
  telefono_aval: string;
  garantias: string[];
  notas: string;
  monto_credito: string;
  payment_method_id: string;
  fecha_inicio: string;
}

export interface EditableLoan {
  loan: LoanRecord;
  /** A row paid, partly paid or renewed: amount, method and date are locked. */
  hasPayments: boolean;
}

const toValues = ({ loan }: EditableLoan): LoanEditForm => ({
  grupo: String(loan.grupo),
  nombre_aval: loan.nombre_aval ?? '',
  telefono_aval: loan.telefono_aval ?? '',
  garantias: loan.garantias.length >= 2 ? [...loan.garantias] : [...loan.garantias, '', ''].slice(0, 2),
  notas: loan.notas ?? '',
  monto_credito: loan.monto_credito.toFixed(2),
  payment_method_id: String(loan.payment_method_id),
  fecha_inicio: loan.fecha_inicio,
});

/** The wire body: pesos for the amount, and no money fields at all once the loan has payments. */
function body(payload: EditLoanInput, editing: EditableLoan | null) {
  const { monto_credito, payment_method_id, fecha_inicio, ...plain } = payload;
  if (editing?.hasPayments) return plain;
  return {
    ...plain,
    monto_credito: monto_credito === undefined ? undefined : toPesos(monto_credito),
    payment_method_id,
    fecha_inicio,
  };
}

/**
 * 'Editar Préstamo': PUT /api/loans/{id} with the shared schema. It needs the server; after saving, a sync is
 * asked for at once so the device's copy (which the detail shows) has the edit within seconds.
 */
export function useLoanEditDialog() {
  const { engine } = useLocalStore();
  const onSaved = useCallback(() => engine?.requestSync(0), [engine]);
  return useEditDialog({
    schema: editLoanSchema,
    emptyValues: {
      grupo: '1',
      nombre_aval: '',
      telefono_aval: '',
      garantias: ['', ''],
      notas: '',
      monto_credito: '',
      payment_method_id: '',
      fecha_inicio: '',
    } as LoanEditForm,
    toValues,
    save: (payload, editing: EditableLoan | null) =>
      apiPut(`loans/${editing!.loan.id}`, body(payload, editing)),
    messages: { created: e.actualizado, updated: e.actualizado, saveError: e.errorActualizar },
    onSaved,
  });
}
