// What the server does with each mutation a device pushes (docs/sincronizacion.md §3): one handler per name of
// the registry (shared/sync/mutations.ts). A payment of the ledger is staged on the loans its push locked and
// written with the others; any other mutation runs on its own, in its savepoint.
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { syncMessages as m } from '../../shared/payments/messages';
import type { Permission } from '../../shared/permissions';
import {
  isLedgerMutation,
  isMutationName,
  type LedgerMutationName,
  MUTATIONS,
  type MutationArgs,
} from '../../shared/sync/mutations';
import { MUTATION, type MutationName, type MutationOutcome } from '../../shared/sync/types';
import { createCashCount } from '../cash-counts/create-cash-count';
import type { Db } from '../db/connect';
import { parseOrThrow } from '../http/validate';
import { saveClientLocation } from '../location/save-client-location';
import type { EventDetails, LedgerBatch, StageOutcome } from '../payments/ledger-batch';
import type { MutationContext, Skipped } from '../types';
import { createVisit } from '../visits/create-visit';

/** A mutation read by its schema, or why it is refused (an unknown name, bad arguments, a missing permission). */
export type ParsedMutation =
  | { [N in MutationName]: { ok: true; name: N; args: MutationArgs<N> } }[MutationName]
  | { ok: false; error: unknown };

export function parseMutation(
  name: string,
  args: unknown,
  permissions: readonly Permission[],
): ParsedMutation {
  if (!isMutationName(name))
    return { ok: false, error: new AppError('VALIDATION', m.mutacionDesconocida(name)) };
  const rule = MUTATIONS[name];
  if (rule.permission !== null && !permissions.includes(rule.permission))
    return { ok: false, error: new AppError('FORBIDDEN', mensajes.sinPermiso) };
  try {
    return { ok: true, name, args: parseOrThrow(rule.args, args) } as ParsedMutation;
  } catch (error) {
    return { ok: false, error };
  }
}

/** What staging a payment needs besides its arguments. */
export interface StageContext {
  batch: LedgerBatch;
  details: EventDetails;
  /** The loan of a payment, by its receipt (0 when unknown: the batch then answers "not found"). */
  loanOfPayment: (receiptId: string) => number;
}

type LedgerArgs = { [N in LedgerMutationName]: MutationArgs<N> };

const stagers: { [N in LedgerMutationName]: (ctx: StageContext, args: LedgerArgs[N]) => StageOutcome } = {
  [MUTATION.paymentRecord]: ({ batch, details }, args) =>
    batch.record(
      args.loanId,
      {
        receiptId: args.receiptId,
        amount: args.amount,
        fecha: args.fecha,
        amortizationId: args.amortizationId ?? null,
        paymentMethodId: args.paymentMethodId ?? null,
      },
      args.ubicacion ? { ...details, location: args.ubicacion } : details,
    ),
  [MUTATION.paymentCorrect]: ({ batch, details, loanOfPayment }, args) =>
    batch.correct(
      loanOfPayment(args.paymentReceiptId),
      {
        receiptId: args.receiptId,
        paymentReceiptId: args.paymentReceiptId,
        amount: args.amount,
        fecha: args.fecha ?? null,
        reason: args.reason,
      },
      details,
    ),
  [MUTATION.amortizationUpdate]: ({ batch, details }, args) =>
    batch.editRow(
      args.loanId,
      args.amortizationId,
      { pagada: args.pagada, parcial: args.parcial, fechaPagada: args.fecha_pagada },
      args.baseVersion,
      args.receiptId,
      details,
    ),
};

export type ParsedPayment = Extract<ParsedMutation, { name: LedgerMutationName }>;
export type ParsedOther = Extract<ParsedMutation, { name: OtherName }>;

export const isPayment = (parsed: ParsedMutation): parsed is ParsedPayment =>
  parsed.ok && isLedgerMutation(parsed.name);

/** Stages one payment of the ledger on the batch's locked loans. */
export const stagePayment = <N extends LedgerMutationName>(
  ctx: StageContext,
  p: { name: N; args: LedgerArgs[N] },
) => stagers[p.name](ctx, p.args);

type OtherName = Exclude<MutationName, LedgerMutationName>;
type OtherArgs = { [N in OtherName]: MutationArgs<N> };

const appliers: {
  [N in OtherName]: (db: Db, ctx: MutationContext, args: OtherArgs[N]) => Promise<MutationOutcome | Skipped>;
} = {
  [MUTATION.visitCreate]: createVisit,
  [MUTATION.cashCountCreate]: createCashCount,
  [MUTATION.clientLocationSave]: saveClientLocation,
  [MUTATION.cancelled]: async () => ({ skipped: m.canceladoEnTelefono }),
};

/**
 * Applies one mutation that is not a payment; AppError (a business rule) means rejected with its message, and
 * `skipped` that it changed nothing (its receipt was already applied, or it was undone on the phone).
 */
export const applyMutation = <N extends OtherName>(
  db: Db,
  ctx: MutationContext,
  p: { name: N; args: OtherArgs[N] },
) => appliers[p.name](db, ctx, p.args);
