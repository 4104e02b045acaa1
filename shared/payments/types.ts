import type { IsoDate } from '../dates';
import type { ClientPlace, PlaceView } from '../location/types';

/**
 * One event of a loan's payment ledger as the office reads it (GET /api/loans/:loanId/payments, and a row's
 * history): who recorded it, from which device, when on the phone and when it arrived. Money in pesos.
 */
export interface LedgerEntry {
  id: number;
  receipt_id: string;
  /** The number printed on the phone's receipt ('R-3F9A-12C7'). */
  receipt_number: string;
  kind: 'pago' | 'correccion';
  /** A payment: what was received. A correction: what the payment really was (0: reversed). */
  amount: number;
  /** The business date the money was received (a correction: the date it gives the payment). */
  fecha: IsoDate;
  /** The row a person edited (an office row edit), or null. */
  amortization_id: number | null;
  /** A correction's payment. */
  corrects_id: number | null;
  reason: string | null;
  user: { id: number; name: string } | null;
  /** The device that recorded it; null for an online call or a row state from before the ledger. */
  client_id: string | null;
  mutation_id: number | null;
  /** When it happened on the phone (ISO), for a device's events. */
  client_time: string | null;
  /** When it reached the server (ISO). */
  server_time: string;
  origen: 'telefono' | 'oficina' | 'migracion' | 'importacion';
  /** A payment: what it stands at after its corrections, and what each row received from it. */
  vigente: number | null;
  filas: { amortization_id: number; numero_pago: number; monto: number }[];
  /**
   * Where a payment was tapped, with its distance to the client's saved place (decision 029): present only for
   * readers of locations (REPORTES_VER); null when the account did not ask (and on corrections).
   */
  ubicacion?: PlaceView | null;
}

/** GET /api/loans/:loanId/payments. `lugar_cliente`: the client's saved place, for readers of locations only. */
export interface LoanLedgerResponse {
  data: LedgerEntry[];
  lugar_cliente?: ClientPlace | null;
}
