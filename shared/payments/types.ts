import type { IsoDate } from '../dates';

/** A payment row's value as the audit log keeps it (money in pesos). */
export interface PaymentValue {
  pagada: boolean;
  parcial: number;
  fecha_pagada: IsoDate | null;
  version: number;
}

/** GET /api/loans/:loanId/amortizations/:id/history: one change of a payment row. */
export interface PaymentChangeRecord {
  id: number;
  /** 'aplicar-pago', 'actualizar-amortizacion' (online) or 'amortization.update' (synced from a device). */
  action: string;
  user: { id: number; name: string } | null;
  /** The device that recorded it; null for an online call. */
  client_id: string | null;
  mutation_id: number | null;
  before: PaymentValue | null;
  after: PaymentValue | null;
  /** When it happened on the phone (ISO), for synced changes. */
  client_time: string | null;
  /** When it reached the server (ISO). */
  server_time: string;
}
