// From the form to the body of POST /api/save-loan (newLoanSchema's input, whose field names are the body's).
import type { NewLoanForm, NewLoanInput } from '../../../shared/loans/new-loan-schema';
import { toPesos } from '../../../shared/money';
import type { NewLoanDraft } from './new-loan-draft';
import type { ResolvedForm } from './resolve-form';

/**
 * What the schema checks: the picked client or the new one (never both), the renewed loan the form shows, and
 * the aval only when the method asks for one (hidden fields send nothing).
 */
export function formInput(
  draft: NewLoanDraft,
  resolved: ResolvedForm,
  previousLoanId: number | null,
): NewLoanForm {
  const isNew = draft.clientMode === 'new';
  const withAval = resolved.method?.requiere_aval === true;
  return {
    client_id: isNew ? null : (resolved.client?.id ?? null),
    new_client: isNew ? { ...draft.newClient } : null,
    payment_method_id: resolved.paymentMethodId,
    monto_credito: draft.montoCredito,
    fecha_inicio: resolved.fechaInicio,
    grupo: resolved.grupo,
    nombre_aval: withAval ? draft.nombreAval : '',
    telefono_aval: withAval ? draft.telefonoAval : '',
    garantias: [...draft.garantias],
    previous_loan_id: isNew ? null : previousLoanId,
  };
}

/** The body sent: the schema's output with the amount back in pesos (the wire carries pesos, docs/arquitectura.md). */
export type SaveLoanBody = Omit<NewLoanInput, 'monto_credito'> & { monto_credito: number };

export const toSaveLoanBody = (parsed: NewLoanInput): SaveLoanBody => ({
  ...parsed,
  monto_credito: toPesos(parsed.monto_credito),
});
