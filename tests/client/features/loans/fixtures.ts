// Loans and rows for the loans screen's pure helpers.
import { addDays } from '../../../../shared/dates';
import type { Amortization, LoanRecord } from '../../../../shared/loans/types';

export const loan = (id: number, over: Partial<LoanRecord> = {}): LoanRecord => ({
  id,
  account_id: 1,
  client_id: id,
  municipality_id: 1,
  payment_method_id: 1,
  previous_loan_id: null,
  loan_reference: `PR-${String(id).padStart(6, '0')}`,
  grupo: 1,
  fecha_inicio: '2026-01-05',
  fecha_fin: '2026-04-13',
  monto_credito: 5000,
  monto_con_interes: 6000,
  monto_entregado: 5000,
  interes: 20,
  modalidad_pago: 'SEMANAL',
  abono: 429,
  total_pagos: 14,
  num_pago: 0,
  pagada: false,
  vencido: false,
  nombre_aval: null,
  telefono_aval: null,
  garantias: [],
  created_at: `2026-01-05T10:00:${String(id % 60).padStart(2, '0')}Z`,
  closed_at: null,
  version: 1,
  ...over,
});

export const row = (n: number, over: Partial<Amortization> = {}): Amortization => ({
  id: 100 + n,
  loan_id: 1,
  numero_pago: n,
  referencia: `PR-000001-${n}`,
  // The fixture loan's schedule: weekly from 2026-01-05.
  fecha_pago: addDays('2026-01-05', 7 * n),
  // 13 × 429 and the rest of 6,000 for the last (docs/reglas-del-negocio.md).
  monto: n === 14 ? 423 : 429,
  pagada: false,
  parcial: 0,
  fecha_pagada: null,
  renovo: false,
  version: 1,
  ...over,
});
