// Who may correct a payment (docs/reglas-del-negocio.md, decision 021). The server refuses anyone else (ledger-batch.ts
// `correct`) and the loan detail hides 'Corregir' from them, by this one rule, so the button never offers a
// correction the server will refuse for who is asking.
import type { IsoDate } from '../dates';

export interface Corrector {
  userId: number;
  /** HOJAS_PROCESAR: the office that reconciles the money corrects anyone's payments of any day. */
  correctsAll: boolean;
}

/** The payment as the rule reads it: who recorded it, and its date as it stands after its corrections. */
export interface CorrectablePayment {
  userId: number | null;
  fecha: IsoDate;
}

/** The collector who recorded a payment may correct it the same day; the office, any payment of any day. */
export const mayCorrectPayment = (
  corrector: Corrector,
  payment: CorrectablePayment,
  today: IsoDate,
): boolean => corrector.correctsAll || (payment.userId === corrector.userId && payment.fecha === today);
