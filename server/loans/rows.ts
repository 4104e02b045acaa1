// Loan and amortization columns as the API and the sync send them: converted once, here (STYLE 4).
import type { Amortization, LoanRecord } from '../../shared/loans/types';
import { pesos } from '../../shared/money';
import type { Db } from '../db/connect';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The loan's own columns, from alias `l`. */
export const loanColumns = (db: Db) => db`l.id, l.account_id, l.client_id, l.municipality_id,
  l.payment_method_id, l.previous_loan_id, l.loan_reference, l.grupo, l.fecha_inicio::text as fecha_inicio,
  l.fecha_fin::text as fecha_fin, l.monto_credito, l.monto_con_interes, l.monto_entregado, l.interes,
  l.modalidad_pago, l.abono, l.total_pagos, l.num_pago, l.pagada, l.vencido, l.nombre_aval, l.telefono_aval,
  l.garantias, l.notas, l.created_at, l.closed_at, l.version`;

type Money = 'monto_credito' | 'monto_con_interes' | 'monto_entregado' | 'interes' | 'abono';
export type LoanDbRow = Omit<LoanRecord, Money | 'created_at' | 'closed_at'> &
  Record<Money, string> & { created_at: Date; closed_at: Date | null };

export const toLoanRecord = (r: LoanDbRow): LoanRecord => ({
  id: r.id,
  account_id: r.account_id,
  client_id: r.client_id,
  municipality_id: r.municipality_id,
  payment_method_id: r.payment_method_id,
  previous_loan_id: r.previous_loan_id,
  loan_reference: r.loan_reference,
  grupo: r.grupo,
  fecha_inicio: r.fecha_inicio,
  fecha_fin: r.fecha_fin,
  monto_credito: pesos(r.monto_credito),
  monto_con_interes: pesos(r.monto_con_interes),
  monto_entregado: pesos(r.monto_entregado),
  interes: pesos(r.interes),
  modalidad_pago: r.modalidad_pago,
  abono: pesos(r.abono),
  total_pagos: r.total_pagos,
  num_pago: r.num_pago,
  pagada: r.pagada,
  vencido: r.vencido,
  nombre_aval: r.nombre_aval,
  telefono_aval: r.telefono_aval,
  garantias: Array.isArray(r.garantias) ? r.garantias.map(String) : [],
  notas: r.notas ?? null,
  created_at: r.created_at.toISOString(),
  closed_at: iso(r.closed_at),
  version: r.version,
});

/** An amortization's columns, from alias `a`. */
export const amortizationColumns = (db: Db) => db`a.id, a.loan_id, a.numero_pago, a.referencia,
  a.fecha_pago::text as fecha_pago, a.monto, a.pagada, a.parcial, a.fecha_pagada::text as fecha_pagada, a.renovo,
  a.version`;

export type AmortizationDbRow = Omit<Amortization, 'parcial' | 'monto'> & { parcial: string; monto: string };

/** In place (the row is the driver's, fresh per query): a download converts ~300,000 of them. */
export function toAmortization(r: AmortizationDbRow): Amortization {
  const row = r as Omit<AmortizationDbRow, 'parcial' | 'monto'> & {
    parcial: string | number;
    monto: string | number;
  };
  row.monto = pesos(r.monto);
  row.parcial = pesos(r.parcial);
  return row as Amortization;
}

/** The rows of `loanIds`, grouped by loan, each list in numero_pago order. */
export async function amortizationsOf(
  db: Db,
  accountId: number,
  loanIds: readonly number[],
): Promise<Map<number, Amortization[]>> {
  const byLoan = new Map<number, Amortization[]>(loanIds.map((id) => [id, []]));
  if (loanIds.length === 0) return byLoan;
  const rows = await db<AmortizationDbRow[]>`select ${amortizationColumns(db)} from amortizations a
    where a.account_id = ${accountId} and a.loan_id = any(${db.array([...loanIds])}::bigint[])
    order by a.loan_id, a.numero_pago`;
  for (const row of rows) byLoan.get(row.loan_id)?.push(toAmortization(row));
  return byLoan;
}
