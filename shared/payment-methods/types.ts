import type { ModalidadPago, PaymentMethodTerms } from '../loans/terms';

/** A payment method as GET /payment-methods sends it (docs/producto.md §3). Amounts in pesos, rates in percent. */
export interface PaymentMethod extends PaymentMethodTerms {
  id: number;
  modalidad_pago: ModalidadPago;
  monto_minimo: number;
  monto_maximo: number;
  requiere_aval: boolean;
}
