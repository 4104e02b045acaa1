import type { IsoDate } from '../dates';

/** What a collector recorded on a day, per payment method (the loans' modalidad de pago), in pesos. */
export interface RecordedByMethod {
  modalidad_pago: string;
  pagos: number;
  monto: number;
}

/** A 'Corte de caja' (docs/reglas-del-negocio.md): recorded by the server from the user's payments of the day, counted by hand. */
export interface CashCount {
  id: number;
  user_id: number;
  user_name: string;
  fecha: IsoDate;
  registrado: number;
  detalle: RecordedByMethod[];
  contado: number;
  /** contado − registrado: negative is money missing. */
  diferencia: number;
  nota: string | null;
  receipt_number: string;
  client_time: string | null;
  created_at: string;
}

export interface CashCountsResponse {
  data: {
    cortes: CashCount[];
    totales: { registrado: number; contado: number; diferencia: number };
    fechaInicio: IsoDate;
    fechaFin: IsoDate;
  };
}

/** GET /api/recibos/{numero}: what the phone's receipt stands for (a ledger event, a visit, a cash count). */
export interface ReceiptLookup {
  recibo: string;
  /** The mutation that recorded it (`MUTATION`, shared/sync/types.ts): a payment, a correction, a visit or a corte. */
  action: string;
  entity: string;
  entity_id: number;
  user_name: string | null;
  loan_id: number | null;
  loan_reference: string | null;
  client_nombre: string | null;
  numero_pago: number | null;
  /** A payment: the amount received; a correction: what it says the payment was (pesos). */
  monto: number | null;
  after: Record<string, unknown> | null;
  client_time: string | null;
  server_time: string;
}
