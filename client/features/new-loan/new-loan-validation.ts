// docs/producto.md §5 new-loan rules on submit: the shared schema (the server's own) and the method's range and aval
// (methodIssues).
import * as v from 'valibot';
import { methodIssues } from '../../../shared/loans/new-loan-rules';
import { type NewLoanForm, newLoanSchema } from '../../../shared/loans/new-loan-schema';
import { cents, toCents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { type FieldErrors, issuesToFieldErrors } from '../../ui/use-schema-form';
import { type SaveLoanBody, toSaveLoanBody } from './save-loan-body';

export type NewLoanValidation = { ok: true; body: SaveLoanBody } | { ok: false; errors: FieldErrors };

/** Every message at once, under its field: an empty form shows all of docs/producto.md §5's messages. */
export function validateNewLoan(input: NewLoanForm, method: PaymentMethod | null): NewLoanValidation {
  const result = v.safeParse(newLoanSchema, input);
  const errors: FieldErrors = result.success ? {} : issuesToFieldErrors(result.issues);
  if (method) {
    const amount = typeof input.monto_credito === 'string' || typeof input.monto_credito === 'number';
    const issues = methodIssues(
      {
        monto_credito: (amount ? toCents(input.monto_credito as string | number) : null) ?? cents(0),
        nombre_aval: input.nombre_aval ?? '',
        telefono_aval: input.telefono_aval ?? '',
      },
      method,
    );
    for (const [field, message] of Object.entries(issues)) errors[field] ??= message;
  }
  if (result.success && Object.keys(errors).length === 0)
    return { ok: true, body: toSaveLoanBody(result.output) };
  return { ok: false, errors };
}

/** The fields the form shows a message under; `garantias.N` is each guarantee row. */
const FORM_FIELDS = new Set([
  'client_id',
  'new_client.nombre',
  'new_client.telefono',
  'new_client.municipality_id',
  'payment_method_id',
  'monto_credito',
  'fecha_inicio',
  'grupo',
  'nombre_aval',
  'telefono_aval',
  'garantias',
]);

const fieldOf = (key: string): string | null => {
  if (FORM_FIELDS.has(key) || /^garantias\.\d+$/.test(key)) return key;
  if (key === 'new_client' || key.startsWith('new_client.')) return 'client_id';
  return null;
};

/**
 * A 400's `details` (same keys and texts as the schema) onto the same fields; a key the form has no field for
 * (e.g. previous_loan_id) becomes the message for the whole form ('_').
 */
export function serverDetailsToFieldErrors(details: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(details)) {
    const field = fieldOf(key) ?? '_';
    errors[field] ??= message;
  }
  return errors;
}
