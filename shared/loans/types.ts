import type { IsoDate } from '../dates';
import type { CollectionDay } from '../municipalities/schemas';
import type { ModalidadPago } from './terms';

/** A payment row as the API and the sync send it (docs/producto.md §3). Money in pesos with two decimals. */
export interface Amortization {
  id: number;
  loan_id: number;
  numero_pago: number;
  referencia: string;
  fecha_pago: IsoDate;
  /** The row's amount due: the abono, or for the last row what is left of monto con interés (docs/reglas-del-negocio.md). */
  monto: number;
  pagada: boolean;
  /** What the row has received while it is not paid (0 once paid: a paid row holds its `monto`). */
  parcial: number;
  fecha_pagada: IsoDate | null;
  renovo: boolean;
  /** Sync version of the row: the `baseVersion` of an edit made on it. */
  version: number;
}

/** A loan's own columns, as the sync stores them on the device (no joined or derived fields). */
export interface LoanRecord {
  id: number;
  account_id: number;
  client_id: number;
  municipality_id: number;
  payment_method_id: number;
  previous_loan_id: number | null;
  loan_reference: string;
  grupo: number;
  fecha_inicio: IsoDate;
  fecha_fin: IsoDate;
  monto_credito: number;
  monto_con_interes: number;
  monto_entregado: number;
  interes: number;
  modalidad_pago: ModalidadPago;
  abono: number;
  total_pagos: number;
  num_pago: number;
  pagada: boolean;
  vencido: boolean;
  nombre_aval: string | null;
  telefono_aval: string | null;
  garantias: string[];
  /** Free notes of the office ('Editar Préstamo'); absent on records stored before they existed. */
  notas?: string | null;
  created_at: string;
  closed_at: string | null;
  version: number;
}

/** A loan as the online calls send it (docs/producto.md §3 Loan): its client, municipality, derived counts and rows. */
export interface Loan extends LoanRecord {
  client_nombre: string;
  client_telefono: string;
  client_coordinadora: boolean;
  clients: { nombre: string; telefono: string };
  municipality_name: string;
  /** The town's collection day: the week the loan's figures are read in. */
  collection_day: CollectionDay;
  has_unpaid_payments: boolean;
  has_overdue_payments: boolean;
  pending_payments_count: number;
  overdue_payments_count: number;
  /** docs/reglas-del-negocio.md arrears (shared/loans/figures): rows due before the town's collection week still lacking money. */
  arrears_count: number;
  has_aval: boolean;
  amortizacion: Amortization[];
}

export interface Pagination {
  current_page: number;
  per_page: number;
  total_items: number;
  total_pages: number;
  has_next_page: boolean;
  has_previous_page: boolean;
  next_page: number | null;
  previous_page: number | null;
}

export function paginationOf(page: number, perPage: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / perPage);
  return {
    current_page: page,
    per_page: perPage,
    total_items: totalItems,
    total_pages: totalPages,
    has_next_page: page < totalPages,
    has_previous_page: page > 1,
    next_page: page < totalPages ? page + 1 : null,
    previous_page: page > 1 ? page - 1 : null,
  };
}

/** GET /api/list-loans (docs/producto.md §7). */
export interface LoanListResponse {
  data: Loan[];
  pagination: Pagination;
  filters_applied: Record<string, string | number | boolean>;
}

/** GET /api/reporte-pagos-temp: docs/producto.md §3 payment report row. */
export interface PaymentReportRow {
  id: number;
  nombre: string;
  municipio: string;
  grupo: number;
  fecha_inicio: IsoDate;
  semanas_transcurridas: number;
  num_pagados: number;
  no_pagados: number;
  num_pago: number;
}

/** POST /api/save-loan (201): the new loan with its schedule, the loan it renewed and its client's id. */
export interface SaveLoanResponse {
  data: { loan: Loan; renewed_loan_id: number | null; client_id: number };
  message: string;
}

/** GET /api/clients/:id/open-loan: the client's loan that is not paid (the one a new loan renews), or null. */
export interface OpenLoanResponse {
  data: Loan | null;
}
