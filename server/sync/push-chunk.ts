// One transaction of a push (DESIGN §4, decision 015): a run of one device's mutations in id order, exactly
// once. Payments are staged on the locked rows and written together; the account's sync version, which
// orders every write of the account, is taken by those writes, at the end, and held only until the commit.

import type postgres from 'postgres';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { syncMessages as m } from '../../shared/payments/messages';
import {
  type AmortizationUpdateMutation,
  amortizationUpdateMutationSchema,
} from '../../shared/payments/schemas';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import type { PushInput } from '../../shared/sync/schemas';
import type { MutationResult } from '../../shared/sync/types';
import type { Sql } from '../db/connect';
import { isBadInputError } from '../db/pg-errors';
import { parseOrThrow } from '../http/validate';
import { PaymentBatch, type StagedPayment } from '../payments/payment-batch';
import { pipelined } from '../payments/pipelined';
import { takeVersionLast } from '../payments/queries';
import type { AuthInfo } from '../types';
import { applyMutation, type MutationContext, SkipMutation } from './mutations';
import {
  insertReceipts,
  lockClientRow,
  type NewResult,
  type ReceiptRow,
  recordResults,
  replayOf,
  storedReceipts,
  storedResults,
} from './push-queries';

type Mutation = PushInput['mutations'][number];

/** Mutations per transaction: enough to spread its fixed cost, few enough that a retry redoes little. */
export const CHUNK_SIZE = 100;

export interface PushContext {
  auth: AuthInfo;
  clientId: string;
  timeZone: string;
}

export interface ChunkStep {
  results: MutationResult[];
  /** The client's last processed id afterwards. */
  last: number;
  /** Stopped at an id more than one ahead: the client resends from `last`. */
  gap: boolean;
}

/** A concurrent push stored one of this chunk's receipts first: the chunk is undone, to be run again. */
class ReceiptRace extends Error {}

/** When it happened on the phone, if it reads as a plausible instant; kept as data, never for ordering. */
export function clientTimeOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 2200 ? null : date;
}

/** A validation or business-rule refusal: the mutation is recorded as rejected and the queue moves on. */
const rejectionReason = (err: unknown): string | null => {
  if (err instanceof AppError) return err.message;
  if (isBadInputError(err)) return mensajes.datosInvalidos;
  return null;
};

/** Replays (ids up to `last`, or repeated in the chunk), new ids one after another, and whether a gap stops it. */
function planChunk(mutations: readonly Mutation[], last: number) {
  const entries: { mutation: Mutation; replay: boolean }[] = [];
  let at = last;
  for (const mutation of mutations) {
    if (mutation.id <= at) entries.push({ mutation, replay: true });
    else if (mutation.id === at + 1) {
      entries.push({ mutation, replay: false });
      at = mutation.id;
    } else return { entries, gap: true, last: at };
  }
  return { entries, gap: false, last: at };
}

/** The loans the mutations name (`args.loanId`), in id order, whatever the mutation. */
function loanIdsOf(mutations: readonly Mutation[]): number[] {
  const ids = new Set<number>();
  for (const { args } of mutations) {
    const loanId = (args as { loanId?: unknown } | null | undefined)?.loanId;
    if (typeof loanId === 'number' && Number.isSafeInteger(loanId) && loanId > 0) ids.add(loanId);
  }
  return [...ids].sort((a, b) => a - b);
}

type ParsedPayment = { ok: true; args: AmortizationUpdateMutation } | { ok: false; reason: string };

function parsePayment(raw: unknown): ParsedPayment {
  try {
    return { ok: true, args: parseOrThrow(amortizationUpdateMutationSchema, raw) };
  } catch (err) {
    const reason = rejectionReason(err);
    if (reason === null) throw err;
    return { ok: false, reason };
  }
}

/** The new mutations of one chunk, applied in order inside its transaction. */
class ChunkRun {
  private readonly today: string;
  private readonly batch: PaymentBatch;
  private readonly payments = new Map<number, ParsedPayment>();
  private receiptsSeen = new Set<string>();
  private receipts: ReceiptRow[] = [];
  private staged: { result: NewResult; payment: StagedPayment }[] = [];
  readonly results: NewResult[] = [];

  constructor(
    private readonly tx: postgres.ReservedSql,
    private readonly ctx: PushContext,
    /** Each mutation in its own savepoint, payments too: a statement the database refuses rejects one. */
    private readonly isolated = false,
  ) {
    this.today = businessToday(ctx.timeZone);
    this.batch = new PaymentBatch(
      tx,
      ctx.auth.accountId,
      { userId: ctx.auth.userId, clientId: ctx.clientId },
      this.today,
    );
  }

  /**
   * Parses the payments and sends, together, the lock of every loan the chunk names (payments' and visits'
   * alike, in id order, before any write: two pushes never wait for each other's loans while one holds the
   * version) and the lookup of the payments' receipts.
   */
  prepare(mutations: readonly Mutation[]): Promise<unknown> {
    for (const mutation of mutations)
      if (mutation.name === 'amortization.update')
        this.payments.set(mutation.id, parsePayment(mutation.args));
    const receiptIds = [...this.payments.values()].flatMap((p) => (p.ok ? [p.args.receiptId] : []));
    return pipelined([
      this.batch.lock(loanIdsOf(mutations)),
      storedReceipts(this.tx, this.ctx.auth.accountId, receiptIds).then((seen) => {
        this.receiptsSeen = seen;
      }),
    ]);
  }

  async apply(mutation: Mutation): Promise<void> {
    if (mutation.name === 'amortization.update' && !this.isolated) return this.stagePayment(mutation);
    // Anything else reads and writes the database itself: it must see the payments before it.
    await this.flush();
    this.results.push(await this.applyAlone(mutation));
  }

  private stagePayment(mutation: Mutation): void {
    const result: NewResult = { id: mutation.id, name: mutation.name, status: 'applied', reason: null };
    this.results.push(result);
    const parsed = this.payments.get(mutation.id)!;
    if (!parsed.ok) {
      Object.assign(result, { status: 'rejected', reason: parsed.reason });
      return;
    }
    const { args } = parsed;
    if (this.receiptsSeen.has(args.receiptId)) {
      Object.assign(result, { status: 'skipped', reason: m.reciboDuplicado });
      return;
    }
    const edit = { pagada: args.pagada, parcial: args.parcial, fechaPagada: args.fecha_pagada };
    const staged = this.batch.stage(args.loanId, args.amortizationId, edit, args.baseVersion, {
      action: mutation.name,
      mutationId: mutation.id,
      clientTime: clientTimeOf(mutation.clientTime),
      recibo: receiptNumber(args.receiptId),
    });
    if (!staged.ok) {
      Object.assign(result, { status: 'rejected', reason: staged.error.message });
      return;
    }
    this.receiptsSeen.add(args.receiptId);
    this.receipts.push({
      receiptId: args.receiptId,
      amortizationId: args.amortizationId,
      mutationId: mutation.id,
    });
    this.staged.push({ result, payment: staged.payment });
  }

  /** A payment staged and written on its own, inside the caller's savepoint. */
  private async paymentAlone(mutation: Mutation): Promise<NewResult> {
    const run = new ChunkRun(this.tx, this.ctx);
    await run.prepare([mutation]);
    await run.apply(mutation);
    await run.flush();
    return run.results[0]!;
  }

  /** One savepoint per mutation, so a refused one leaves nothing behind but its recorded outcome. */
  private async applyAlone(mutation: Mutation): Promise<NewResult> {
    const { auth, clientId } = this.ctx;
    const actor: MutationContext = {
      accountId: auth.accountId,
      userId: auth.userId,
      clientId,
      mutationId: mutation.id,
      clientTime: clientTimeOf(mutation.clientTime),
      today: this.today,
      action: mutation.name,
    };
    const result: NewResult = { id: mutation.id, name: mutation.name, status: 'applied', reason: null };
    try {
      if (mutation.name === 'amortization.update')
        return await inSavepoint(this.tx, () => this.paymentAlone(mutation));
      result.status = await inSavepoint(this.tx, () =>
        applyMutation(this.tx, actor, mutation.name, mutation.args),
      );
    } catch (err) {
      if (err instanceof SkipMutation) return { ...result, status: 'skipped', reason: err.message };
      const reason = rejectionReason(err);
      if (reason === null) throw err;
      return { ...result, status: 'rejected', reason };
    }
    return result;
  }

  /**
   * Stores the staged receipts and judges the staged payments (one round trip), then sends `also`, the
   * payments' writes (the first takes the account's version) and `last` (the COMMIT) together, in that order:
   * each is sent when called (postgres.js sends a query once awaited), so the calls below set the order.
   */
  async flush(
    also: () => Promise<unknown>[] = () => [],
    last: () => Promise<unknown> = () => Promise.resolve(),
  ): Promise<void> {
    const { accountId } = this.ctx.auth;
    const [stored] = await pipelined([
      insertReceipts(this.tx, accountId, this.ctx.clientId, this.receipts),
      this.batch.judge(),
    ]);
    if (!stored) throw new ReceiptRace();
    this.receipts = [];
    for (const { result, payment } of this.staged) result.status = payment.status;
    this.staged = [];
    await pipelined([...also(), ...this.batch.write(), last()]);
  }
}

/** Runs `work` in a savepoint of the reserved connection's transaction: a failure undoes only `work`. */
async function inSavepoint<T>(tx: postgres.ReservedSql, work: () => Promise<T>): Promise<T> {
  await tx`savepoint mutation`;
  try {
    const result = await work();
    await tx`release savepoint mutation`;
    return result;
  } catch (err) {
    await tx`rollback to savepoint mutation`;
    throw err;
  }
}

/**
 * One transaction: locks the client (one push of a device at a time), answers replays from the recorded
 * outcomes, applies the new ids in order until a gap, records every outcome and advances the client's last
 * id. A failure that is not a mutation's fault throws, and nothing of the chunk stays.
 *
 * On a reserved connection rather than `sql.begin`, so that the COMMIT travels with the last writes: the
 * account's version, taken by those writes, is then held for no round trip to this process at all (a busy
 * event loop would otherwise keep every other writer of the account waiting for it).
 */
async function processChunk(
  sql: Sql,
  ctx: PushContext,
  mutations: readonly Mutation[],
  isolated: boolean,
): Promise<ChunkStep> {
  const tx = await sql.reserve();
  try {
    // One round trip opens it all: the transaction, the device, what was recorded of these ids, the loans and
    // the receipts (those of replays too: which ids are new is known only once the device's row answers).
    const run = new ChunkRun(tx, ctx, isolated);
    const [, , first, stored] = await pipelined([
      tx`begin`.execute(),
      takeVersionLast(tx, ctx.auth.accountId),
      lockClientRow(tx, ctx.clientId),
      storedResults(
        tx,
        ctx.clientId,
        mutations.map((m) => m.id),
      ),
      run.prepare(mutations),
    ]);
    const { entries, gap, last } = planChunk(mutations, first);
    const fresh = entries.filter((e) => !e.replay).map((e) => e.mutation);
    for (const mutation of fresh) await run.apply(mutation);
    await run.flush(
      () => [recordResults(tx, ctx.clientId, run.results, last)],
      () => tx`commit`.execute(),
    );

    const outcome = new Map(run.results.map((r) => [r.id, r]));
    const results = entries.map(({ mutation: { id }, replay }): MutationResult => {
      if (replay)
        return id <= first ? (stored.get(id) ?? replayOf(id, undefined)) : replayOf(id, outcome.get(id));
      const r = outcome.get(id)!;
      return r.reason === null ? { id, status: r.status } : { id, status: r.status, reason: r.reason };
    });
    return { results, last, gap };
  } catch (err) {
    // Nothing of the chunk stays (after a failed COMMIT, or a lost connection, this is a harmless no-op).
    await tx`rollback`.catch(() => undefined);
    throw err;
  } finally {
    tx.release();
  }
}

/**
 * `processChunk`, run again when another push stored one of its receipts first (it then reads as a
 * duplicate), and with each mutation on its own when the database refuses a statement of the chunk (only that
 * mutation is then rejected: one bad entry never blocks the queue).
 */
export async function runChunk(
  sql: Sql,
  ctx: PushContext,
  mutations: readonly Mutation[],
  isolated = false,
): Promise<ChunkStep> {
  try {
    return await processChunk(sql, ctx, mutations, isolated);
  } catch (err) {
    if (err instanceof ReceiptRace) return processChunk(sql, ctx, mutations, isolated);
    if (!isolated && isBadInputError(err)) return runChunk(sql, ctx, mutations, true);
    throw err;
  }
}
