// One row of the loans list (docs/producto.md §2 columns), built the same way from the device's tables and from the
// server's list-loans answer. The time-derived fields come from the schedule as of today (`loanStateOn`):
// the stored num_pago / vencido go stale while a phone is offline, the schedule does not.
import type { IsoDate } from '../../../shared/dates';
import { type LoanStatus, loanStateOn, loanStatus, pendingCount } from '../../../shared/loans/derived';
import type { Loan, LoanRecord } from '../../../shared/loans/types';
import { foldText, type LoanFilters, statusMatches } from './loan-filters';

export interface LoanListRow {
  id: number;
  municipalityId: number;
  municipalityName: string;
  grupo: number;
  fechaInicio: IsoDate;
  clientName: string;
  /** `clientName` folded once (accent- and case-insensitive search). */
  clientKey: string;
  coordinadora: boolean;
  numPago: number;
  totalPagos: number;
  /** Rows paid so far, where the device can count them (the visible page of the device list). */
  pagados?: number;
  montoCredito: number;
  montoConInteres: number;
  abono: number;
  status: LoanStatus;
  /** docs/producto.md §4: total_pagos − num_pago, 0 when paid. */
  pending: number;
  createdAt: string;
}

export interface ClientInfo {
  nombre: string;
  coordinadora: boolean;
  /** `nombre` already folded (the device list folds each client once per read). */
  key?: string;
}

function rowOf(loan: LoanRecord, client: ClientInfo | undefined, municipalityName: string, today: IsoDate) {
  const state = loanStateOn(loan, today);
  const clientName = client?.nombre ?? 'N/A';
  return {
    id: loan.id,
    municipalityId: loan.municipality_id,
    municipalityName,
    grupo: loan.grupo,
    fechaInicio: loan.fecha_inicio,
    clientName,
    clientKey: client?.key ?? foldText(clientName),
    coordinadora: client?.coordinadora ?? false,
    numPago: state.num_pago,
    totalPagos: loan.total_pagos,
    montoCredito: loan.monto_credito,
    montoConInteres: loan.monto_con_interes,
    abono: loan.abono,
    status: loanStatus({ pagada: loan.pagada, vencido: state.vencido }),
    pending: pendingCount({ pagada: loan.pagada, total_pagos: loan.total_pagos, num_pago: state.num_pago }),
    createdAt: loan.created_at,
  } satisfies LoanListRow;
}

/** A device loan, with its client and municipality looked up in maps built once per query. */
export const deviceListRow = (
  loan: LoanRecord,
  clients: ReadonlyMap<number, ClientInfo>,
  municipalities: ReadonlyMap<number, string>,
  today: IsoDate,
): LoanListRow =>
  rowOf(loan, clients.get(loan.client_id), municipalities.get(loan.municipality_id) ?? 'N/A', today);

/** A loan of GET /api/list-loans (it carries its client and municipality). */
export const serverListRow = (loan: Loan, today: IsoDate): LoanListRow =>
  rowOf(
    loan,
    { nombre: loan.client_nombre, coordinadora: loan.client_coordinadora },
    loan.municipality_name,
    today,
  );

/** Newest first (docs/producto.md §7: created_at descending), ties by id like the server. */
export const newestFirst = (a: LoanListRow, b: LoanListRow): number =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id;

/** The device list's filters; the order of `rows` is kept. */
export function filterListRows(rows: readonly LoanListRow[], filters: LoanFilters): LoanListRow[] {
  const name = foldText(filters.clientName.trim());
  const { municipalityId, status } = filters;
  return rows.filter(
    (row) =>
      (municipalityId === null || row.municipalityId === municipalityId) &&
      (name === '' || row.clientKey.includes(name)) &&
      statusMatches(status, row.status),
  );
}
