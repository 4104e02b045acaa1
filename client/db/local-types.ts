// The rows the device keeps (DESIGN §4 scope) and the outbox. Money stays in pesos as the wire sends it;
// code converts to centavos (shared/money.ts) where it computes.
import type { IsoDate } from '../../shared/dates';
import type { Amortization, LoanRecord } from '../../shared/loans/types';
import type { MutationOutcome, SyncChanges } from '../../shared/sync/types';

export type LocalMunicipality = SyncChanges['municipalities'][number];
export type LocalClient = SyncChanges['clients'][number];
export type LocalPaymentMethod = SyncChanges['payment_methods'][number];
export type LocalLoan = LoanRecord;
export type LocalAmortization = Amortization;
export type LocalWeeklySheet = SyncChanges['weekly_sheets'][number];
export type LocalWeeklySheetLoan = SyncChanges['weekly_sheet_loans'][number];

/** The `amortization.update` arguments as queued: money in pesos, the paid date always explicit. */
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
 * pending: not yet answered by the server. rejected: refused, with the server's reason, kept until the user
 * acknowledges it. synced: applied (or a conflict the office will review), kept a few days as a receipt.
 */
export type OutboxStatus = 'pending' | 'rejected' | 'synced';

export interface OutboxEntry {
  /** The mutation id: increases by one per device, from 1 (DESIGN §4). */
  id: number;
  name: 'amortization.update';
  args: AmortizationUpdateArgs;
  /** When it happened on the phone (ISO timestamp). */
  clientTime: string;
  status: OutboxStatus;
  outcome?: MutationOutcome | 'skipped';
  reason?: string;
  /** What the user saw when recording it, for the 'Pendientes de sincronizar' list. */
  summary: { loanReference: string; clientName: string; numeroPago: number; description: string };
  loanId: number;
  /** Every row the edit changed on the device (the target and the rows an excess was carried to). */
  amortizationIds: number[];
  userId: number;
  resolvedAt?: string;
}

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
  /** A full snapshot has been received at least once: the screens may trust what they show. */
  | 'snapshotComplete';
