// The rows the device keeps (docs/sincronizacion.md scope) and the outbox. Money stays in pesos as the wire sends it;
// code converts to centavos (shared/money.ts) where it computes.
import type { IsoDate } from '../../shared/dates';
import type { Amortization, LoanRecord } from '../../shared/loans/types';
import type { GeoFix, RecordedLocation } from '../../shared/location/types';
import { MUTATION, type MutationOutcome, type SyncChanges } from '../../shared/sync/types';
import type { MotivoVisita } from '../../shared/visits/types';

export type LocalMunicipality = SyncChanges['municipalities'][number];
export type LocalClient = SyncChanges['clients'][number];
export type LocalPaymentMethod = SyncChanges['payment_methods'][number];
export type LocalLoan = LoanRecord;
export type LocalAmortization = Amortization;
/** A loan's amortizaciones as the device stores them: one record per loan (decision 013), rows by id. */
export interface LocalSchedule {
  loan_id: number;
  rows: LocalAmortization[];
}
export type LocalWeeklySheet = SyncChanges['weekly_sheets'][number];
export type LocalWeeklySheetLoan = SyncChanges['weekly_sheet_loans'][number];
export type LocalVisit = SyncChanges['visits'][number];
/** A payment event of the ledger as the server sent it (decision 021). */
export type LocalPayment = SyncChanges['payments'][number];
/** A loan's payment events as the device stores them: together, like its schedule, events by id. */
export interface LocalLoanPayments {
  loan_id: number;
  rows: LocalPayment[];
}

/**
 * `payment.record` as queued: money received for a loan on the phone's business date, in pesos. Aimed at a row
 * only when a person edited that row (the payment history's and the sheet's inline edit).
 */
export interface PaymentRecordArgs {
  receiptId: string;
  loanId: number;
  amount: number;
  fecha: IsoDate;
  amortizationId?: number | null;
  /** Where Cobranza's tap happened, or why not, when the account records it (decision 029). */
  ubicacion?: RecordedLocation;
}

/**
 * `amortization.update` as queued by earlier versions (still sent for a row edit that takes money back or moves
 * its date: the server turns it into corrections of the row's payments): money in pesos, the paid date explicit.
 */
export interface AmortizationUpdateArgs {
  receiptId: string;
  loanId: number;
  amortizationId: number;
  baseVersion: number;
  pagada?: boolean;
  parcial?: number;
  fecha_pagada?: IsoDate | null;
}

/**
 * `payment.correct` as queued: what the payment with receipt `paymentReceiptId` really was — its amount in pesos
 * (0 reverses it) and, when given, its date — with the reason. Its own receipt, like every event.
 */
export interface PaymentCorrectArgs {
  receiptId: string;
  paymentReceiptId: string;
  amount: number;
  fecha?: IsoDate;
  reason: string;
}

/**
 * pending: not yet answered by the server. rejected: refused, with the server's reason, kept until the user
 * acknowledges it. synced: applied (or a conflict the office will review), kept a few days as a receipt.
 */
export type OutboxStatus = 'pending' | 'rejected' | 'synced';

/** `visit.create` as queued (docs/reglas-del-negocio.md): 'No pagó' with its reason. */
export interface VisitCreateArgs {
  receiptId: string;
  loanId: number;
  fecha: IsoDate;
  motivo: MotivoVisita;
  fecha_promesa: IsoDate | null;
  nota: string | null;
  /** Where 'No pagó' was saved, or why not, when the account records it (decision 029). */
  ubicacion?: RecordedLocation;
}

/** `client_location.save` as queued: 'Guardar ubicación', the place of the loan's client (decision 029). */
export interface ClientLocationSaveArgs {
  receiptId: string;
  loanId: number;
  ubicacion: GeoFix;
}

/** `cash_count.create` as queued: the counted cash in pesos; the server works out what was recorded. */
export interface CashCountCreateArgs {
  receiptId: string;
  fecha: IsoDate;
  contado: number;
  nota: string | null;
}

interface OutboxCommon {
  /** The mutation id: increases by one per device, from 1 (docs/sincronizacion.md). */
  id: number;
  /** When it happened on the phone (ISO timestamp). */
  clientTime: string;
  status: OutboxStatus;
  outcome?: MutationOutcome | 'skipped';
  reason?: string;
  /**
   * What the user saw when recording it, for the 'Pendientes de sincronizar' list. `numeroPago` is absent
   * for a visit or a cash count; `cobrado` is the money the edit took in (pesos), for the day's cash count.
   */
  summary: {
    loanReference: string;
    clientName: string;
    numeroPago?: number;
    description: string;
    cobrado?: number;
  };
  userId: number;
  resolvedAt?: string;
  /**
   * Undone on the phone before it was sent: its id still goes to the server (ids never leave a gap), as a
   * `mutation.cancelled` that changes nothing. If the original had already arrived, the answer says so.
   */
  cancelled?: true;
}

type PaymentEntryCommon = OutboxCommon & {
  loanId: number;
  /** Every row the edit changed on the device (the rows the money reached). */
  amortizationIds: number[];
};

export type PaymentRecordEntry = PaymentEntryCommon & {
  name: typeof MUTATION.paymentRecord;
  args: PaymentRecordArgs;
};
export type RowEditEntry = PaymentEntryCommon & {
  name: typeof MUTATION.amortizationUpdate;
  args: AmortizationUpdateArgs;
};
/** Money for a loan: a payment received, or a row edit (of this version, or queued by an earlier one). */
export type PaymentOutboxEntry = PaymentRecordEntry | RowEditEntry;

/**
 * A correction of a payment: of a loan (its outbox index), changing no row on the device: it re-allocates the
 * loan's whole ledger, which the device need not hold, so the rows and sums the server derives from it arrive
 * with the next pull. Hence not a `PaymentOutboxEntry` (nothing to replay on the rows, nothing to add up).
 */
export type PaymentCorrectEntry = OutboxCommon & {
  name: typeof MUTATION.paymentCorrect;
  args: PaymentCorrectArgs;
  loanId: number;
  amortizationIds: [];
};

export type VisitOutboxEntry = OutboxCommon & {
  name: typeof MUTATION.visitCreate;
  args: VisitCreateArgs;
  loanId: number;
  amortizationIds: [];
};

export type CashCountOutboxEntry = OutboxCommon & {
  name: typeof MUTATION.cashCountCreate;
  args: CashCountCreateArgs;
  /** A count is of the day, of no loan (absent from the outbox's loanId index). */
  loanId?: undefined;
  amortizationIds: [];
};

export type ClientLocationOutboxEntry = OutboxCommon & {
  name: typeof MUTATION.clientLocationSave;
  args: ClientLocationSaveArgs;
  loanId: number;
  amortizationIds: [];
};

export type OutboxEntry =
  | PaymentOutboxEntry
  | PaymentCorrectEntry
  | VisitOutboxEntry
  | CashCountOutboxEntry
  | ClientLocationOutboxEntry;

/** A payment the phone still counts: not undone. */
export const isPaymentEntry = (entry: OutboxEntry): entry is PaymentOutboxEntry =>
  (entry.name === MUTATION.paymentRecord || entry.name === MUTATION.amortizationUpdate) && !entry.cancelled;

/** What travels for an entry: its mutation, or the no-op that keeps the id of one undone on the phone. */
export const wireMutation = (e: OutboxEntry) =>
  e.cancelled
    ? { id: e.id, name: MUTATION.cancelled, args: { receiptId: e.args.receiptId }, clientTime: e.clientTime }
    : { id: e.id, name: e.name, args: e.args, clientTime: e.clientTime };

/**
 * The server's copy of a row the device has changed optimistically (or that changed on the server while an
 * edit of its loan was pending). `row` null: the server deleted it or it left the scope.
 */
export type ShadowRow =
  | { entity: 'loans'; id: number; loanId: number; row: LocalLoan | null }
  | { entity: 'amortizations'; id: number; loanId: number; row: LocalAmortization | null };

export interface MetaRow {
  key: MetaKey;
  value: unknown;
}

export type MetaKey =
  | 'clientId'
  | 'cursor'
  | 'nextMutationId'
  /** The last id the server said it processed (push or pull). */
  | 'serverLastMutationId'
  | 'lastSyncAt'
  | 'lastError'
  /** When a run first failed without reaching the server (ISO), since the last run that reached it; else null. */
  | 'unreachableSince'
  /** A full snapshot has been received at least once: the screens may trust what they show. */
  | 'snapshotComplete'
  /** The browser emptied this store behind the app's back (device-marker.ts); shown until read. */
  | 'storageCleared';
