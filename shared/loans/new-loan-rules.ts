// The new-loan rules that depend on the chosen payment method (docs/producto.md §5): amount range and aval.
import { clientMessages } from '../clients/messages';
import { phoneDigits } from '../clients/schemas';
import { type Cents, toCents, toPesos } from '../money';
import type { PaymentMethod } from '../payment-methods/types';
import { newLoanMessages as m } from './new-loan-messages';

export type NewLoanIssues = Partial<Record<'monto_credito' | 'nombre_aval' | 'telefono_aval', string>>;

export function methodIssues(
  input: { monto_credito: Cents; nombre_aval: string; telefono_aval: string },
  method: Pick<PaymentMethod, 'monto_minimo' | 'monto_maximo' | 'requiere_aval'>,
): NewLoanIssues {
  const issues: NewLoanIssues = {};
  const min = toCents(method.monto_minimo) ?? (0 as Cents);
  const max = toCents(method.monto_maximo) ?? (0 as Cents);
  if (input.monto_credito < min) issues.monto_credito = m.montoMinimo(toPesos(min));
  else if (max > 0 && input.monto_credito > max) issues.monto_credito = m.montoMaximo(toPesos(max));
  if (method.requiere_aval) {
    if (!input.nombre_aval.trim()) issues.nombre_aval = m.avalNombre;
    if (!input.telefono_aval.trim()) issues.telefono_aval = m.avalTelefono;
    else {
      const digits = phoneDigits(input.telefono_aval).length;
      if (digits < 8 || digits > 15) issues.telefono_aval = clientMessages.telefonoDigitos;
    }
  }
  return issues;
}
