// The sync protocol's wire types (docs/sincronizacion.md). Money in pesos with two decimals, dates 'YYYY-MM-DD'.
import type { IsoDate } from '../dates';
import type { Amortization, LoanRecord } from '../loans/types';
import type { Municipality } from '../municipalities/types';
import type { PaymentMethod } from '../payment-methods/types';
import type { SheetLog } from '../sheets/types';
import type { Visit } from '../visits/types';

/**
 * Every mutation a device may push, each name written once; its arguments and permission are in the registry
 * (shared/sync/mutations.ts). Names are stable API: a queued entry of an older app version carries them.
 */
export const MUTATION = {
  paymentRecord: 'payment.record',
  paymentCorrect: 'payment.correct',
  amortizationUpdate: 'amortization.update',
  visitCreate: 'visit.create',
  cashCountCreate: 'cash_count.create',
  clientLocationSave: 'client_location.save',
  cancelled: 'mutation.cancelled',
} as const;

export type MutationName = (typeof MUTATION)[keyof typeof MUTATION];

export interface Mutation<A = unknown> {
  /** Increases by one per client, from 1. */
  id: number;
  name: MutationName | (string & {});
  args: A;
  /** When it happened on the phone (ISO timestamp): kept as data, never used to order edits. */
  clientTime?: string | null;
}

export interface PushRequest {
  clientId: string;
  mutations: Mutation[];
  /** Entries the phone still holds after these. */
  pendientes?: number;
}

export type MutationOutcome = 'applied' | 'rejected' | 'conflict';

export interface MutationResult {
  id: number;
  /**
   * applied; rejected (with `reason`, the id still advances); conflict (applied in arrival order over a
   * change the client had not seen, recorded for the office); skipped: a replay — `outcome` and `reason`
   * repeat what happened the first time ('skipped' there: its receipt had already been applied).
   */
  status: MutationOutcome | 'skipped';
  reason?: string;
  outcome?: MutationOutcome | 'skipped';
}

export interface PushResponse {
  /** The last id the server has processed for this client: resend only what comes after it. */
  lastMutationId: number;
  results: MutationResult[];
  /** Why processing stopped before the end: a gap in ids, or a transient failure (retry later). */
  stopped?: 'gap' | 'transient';
}

export interface PullRequest {
  clientId: string;
  /** Opaque; 0, null or missing asks for a full snapshot. */
  cursor?: string | number | null;
  /** Rows per page, 1…5000 (default 2000). */
  limit?: number;
  /** 'columnas' asks for the compact page (shared/sync/columnar.ts). */
  format?: 'columnas';
  /** true: the payment events too (`changes.payments`). Devices of earlier versions do not ask for them. */
  pagos?: boolean;
}

export interface SyncClient {
  id: number;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
  municipality_id: number;
  account_id: number;
  created_at: string;
  version: number;
}

export interface SyncWeeklySheet {
  id: number;
  municipality_id: number;
  coverage_week: IsoDate;
  coverage_week_end: IsoDate;
  week: string;
  url: string | null;
  processed: boolean;
  proccessing_date: string | null;
  monto_esperado: number;
  monto_cobrado: number;
  log: SheetLog;
  created_at: string;
  version: number;
}

export interface SyncWeeklySheetLoan {
  id: number;
  weekly_sheet_id: number;
  loan_id: number;
  amortization_id: number | null;
  arrears_amortization_ids: number[];
  /** A COBRAR when the sheet was taken (pesos). */
  monto_esperado: number;
  /** ADEUDO when the sheet was taken (pesos); absent on records stored before it existed. */
  adeudo?: number;
  /** The loan's payments dated in the sheet's week, as they stand (pesos); absent on older records. */
  cobrado?: number;
  saldo_a_liquidar: number;
  /** What the loan's rows held when the sheet was taken (pesos): devices of the previous version count from it. */
  cobrado_previo: number;
  /** The route as the sheet was taken (shared/sheets/route-order): the phone pages and searches by it. */
  grupo: number;
  client_id: number;
  client_nombre: string;
  loan_reference: string;
  /** The loan's place on the route, from 0. */
  orden_ruta: number;
  created_at: string;
  version: number;
}

/**
 * One event of the payment ledger (docs/reglas-del-negocio.md): a payment, or a correction of one (it restates the payment's amount
 * and date; the latest correction of a payment stands). Money in pesos. Devices that ask for them (`pagos: true`)
 * receive the events of the loans they hold dated in the last weeks (server/sync/scope.ts).
 */
export interface SyncPayment {
  id: number;
  receipt_id: string;
  loan_id: number;
  kind: 'pago' | 'correccion';
  amount: number;
  fecha: IsoDate;
  amortization_id: number | null;
  corrects_id: number | null;
  user_id: number | null;
  version: number;
}

export interface SyncChanges {
  municipalities: (Municipality & { version: number })[];
  clients: SyncClient[];
  payment_methods: (PaymentMethod & { version: number })[];
  loans: LoanRecord[];
  amortizations: Amortization[];
  weekly_sheets: SyncWeeklySheet[];
  weekly_sheet_loans: SyncWeeklySheetLoan[];
  /** Visits without payment of the loans in scope, of the last 12 weeks (docs/reglas-del-negocio.md). */
  visits: Visit[];
  /** Payment events of the loans in scope (only to devices that ask for them; empty for the others). */
  payments: SyncPayment[];
}

export type SyncEntity = keyof SyncChanges;

/**
 * A row the device must delete: deleted on the server, or out of the scope now (a loan closed more than
 * 8 weeks ago arrives with one entry per amortization; a sheet older than 12 weeks with its sheet loans).
 */
export interface Tombstone {
  entity: SyncEntity;
  id: number;
}

export interface PullResponse {
  cursor: string;
  /** The client's last mutation reflected in this snapshot (complete once `hasMore` is false). */
  lastMutationId: number;
  hasMore: boolean;
  /** The device must clear its synced rows (not its outbox) before applying this page. */
  reset?: boolean;
  /**
   * On the first page of a full download (no cursor, or a reset): how many rows and tombstones the whole
   * download holds, so the device can show real progress and the time left.
   */
  total?: number;
  changes: SyncChanges;
  tombstones: Tombstone[];
}

/**
 * GET /api/sync/conflicts: one 'Conflictos de sincronización' entry — a row edit over a correction its author had
 * not seen (the row), or a second correction of one payment (the payment).
 */
export interface SyncConflict {
  id: number;
  loan_id: number;
  loan_reference: string;
  amortization_id: number | null;
  numero_pago: number | null;
  payment_id: number | null;
  /** The corrected payment's receipt number ('R-3F9A-12C7'). */
  payment_receipt_number: string | null;
  client_nombre: string;
  server_value: Record<string, unknown>;
  client_value: Record<string, unknown>;
  applied_value: Record<string, unknown>;
  server_user: { id: number; name: string } | null;
  server_client_id: string | null;
  server_changed_at: string | null;
  client_user: { id: number; name: string };
  client_id: string | null;
  client_time: string | null;
  mutation_id: number | null;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: { id: number; name: string } | null;
}

/**
 * The payment events a device keeps: those dated in the last three weeks (decision 021), enough for this week's
 * cards and the day's cash count. Older money reaches it already added up (the rows' states, each sheet loan's
 * `cobrado`).
 */
export const PAYMENT_EVENT_DAYS = 3 * 7;
