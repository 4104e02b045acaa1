// One transaction of a push (docs/sincronizacion.md, decision 015): a run of one device's mutations in id order, exactly
// once. Payments are staged on the locked rows and written together; the account's sync version, which
// orders every write of the account, is taken by those writes, at the end, and held only until the commit.

import type postgres from 'postgres';
import { businessToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { mensajes } from '../../shared/messages';
import { syncMessages as m } from '../../shared/payments/messages';
import { isLedgerMutation } from '../../shared/sync/mutations';
import type { PushInput } from '../../shared/sync/schemas';
import { MUTATION, type MutationResult } from '../../shared/sync/types';
import type { Sql } from '../db/connect';
import { isBadInputError } from '../db/pg-errors';
import { LedgerBatch, type Staged } from '../payments/ledger-batch';
import { isReceiptRace, loansOfReceipts, storedReceipts } from '../payments/queries';
import type { AuthInfo, MutationContext } from '../types';
import { takeVersionLast } from './account-version';
import { applyMutation, isPayment, type ParsedMutation, parseMutation, stagePayment } from './mutations';
import { pipelined } from './pipelined';
import { lockClientRow, type NewResult, recordResults, replayOf, storedResults } from './push-queries';

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
  return [...ids];
}

/** The new mutations of one chunk, applied in order inside its transaction. */
class ChunkRun {
  private readonly today: string;
  private readonly batch: LedgerBatch;
  /** Every new mutation of the chunk, read by its schema (shared/sync/mutations.ts). */
  private readonly parsed = new Map<number, ParsedMutation>();
  /** The loan of each payment a correction of this chunk names. */
  private correctedLoans = new Map<string, number>();
  private receiptsSeen = new Set<string>();
  private staged: { result: NewResult; staged: Staged }[] = [];
  readonly results: NewResult[] = [];

  constructor(
    private readonly tx: postgres.ReservedSql,
    private readonly ctx: PushContext,
    /** Each mutation in its own savepoint, payments too: a statement the database refuses rejects one. */
    private readonly isolated = false,
  ) {
    this.today = businessToday(ctx.timeZone);
    this.batch = new LedgerBatch(
      tx,
      ctx.auth.accountId,
      {
        userId: ctx.auth.userId,
        clientId: ctx.clientId,
        correctsAll: ctx.auth.permissions.includes('HOJAS_PROCESAR'),
      },
      this.today,
    );
  }

  /**
   * Parses the ledger's mutations and sends, together, the lock of every loan the chunk names (payments' and
   * visits' alike, in id order, before any write: two pushes never wait for each other's loans while one holds
   * the version) and the lookup of the receipts. Corrections name a payment, not a loan: its loan is looked up
   * first, so every loan is still locked in one statement.
   */
  async prepare(mutations: readonly Mutation[]): Promise<void> {
    const { permissions } = this.ctx.auth;
    for (const mutation of mutations)
      this.parsed.set(mutation.id, parseMutation(mutation.name, mutation.args, permissions));
    const parsed = [...this.parsed.values()].filter(isPayment);
    const corrected = parsed.flatMap((p) =>
      p.name === MUTATION.paymentCorrect ? [p.args.paymentReceiptId] : [],
    );
    if (corrected.length > 0)
      this.correctedLoans = await loansOfReceipts(this.tx, this.ctx.auth.accountId, corrected);
    // A payment recorded and corrected on the phone before either was sent travels in this same chunk.
    for (const p of parsed)
      if (p.name === MUTATION.paymentRecord && corrected.includes(p.args.receiptId))
        this.correctedLoans.set(p.args.receiptId, p.args.loanId);
    const receiptIds = parsed.map((p) => p.args.receiptId);
    await pipelined([
      this.batch.lock([...loanIdsOf(mutations), ...this.correctedLoans.values()]),
      storedReceipts(this.tx, this.ctx.auth.accountId, receiptIds).then((seen) => {
        this.receiptsSeen = seen;
      }),
    ]);
  }

  async apply(mutation: Mutation): Promise<void> {
    if (isLedgerMutation(mutation.name) && !this.isolated) return this.stagePayment(mutation);
    // Anything else reads and writes the database itself: it must see the payments before it.
    await this.flush();
    this.results.push(await this.applyAlone(mutation));
  }

  private stagePayment(mutation: Mutation): void {
    const result: NewResult = { id: mutation.id, name: mutation.name, status: 'applied', reason: null };
    this.results.push(result);
    const parsed = this.parsed.get(mutation.id)!;
    if (!parsed.ok) {
      const reason = rejectionReason(parsed.error);
      if (reason === null) throw parsed.error;
      Object.assign(result, { status: 'rejected', reason });
      return;
    }
    if (!isPayment(parsed)) throw new Error(`${parsed.name} no es un pago`);
    if (this.receiptsSeen.has(parsed.args.receiptId)) {
      Object.assign(result, { status: 'skipped', reason: m.reciboDuplicado });
      return;
    }
    const outcome = stagePayment(
      {
        batch: this.batch,
        details: { mutationId: mutation.id, clientTime: clientTimeOf(mutation.clientTime) },
        loanOfPayment: (receiptId) => this.correctedLoans.get(receiptId) ?? 0,
      },
      parsed,
    );
    if (!outcome.ok) {
      Object.assign(result, { status: 'rejected', reason: outcome.error.message });
      return;
    }
    this.receiptsSeen.add(parsed.args.receiptId);
    this.staged.push({ result, staged: outcome.staged });
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
      if (isLedgerMutation(mutation.name))
        return await inSavepoint(this.tx, () => this.paymentAlone(mutation));
      const parsed = this.parsed.get(mutation.id)!;
      if (!parsed.ok) throw parsed.error;
      if (isPayment(parsed)) throw new Error(`${parsed.name} es un pago`);
      const outcome = await inSavepoint(this.tx, () => applyMutation(this.tx, actor, parsed));
      if (typeof outcome === 'object') return { ...result, status: 'skipped', reason: outcome.skipped };
      result.status = outcome;
    } catch (err) {
      const reason = rejectionReason(err);
      if (reason === null) throw err;
      return { ...result, status: 'rejected', reason };
    }
    return result;
  }

  /**
   * Sends the staged events' writes (the first takes the account's version), `also` and `last` (the COMMIT)
   * together, in that order: each is sent when called (postgres.js sends a query once awaited), so the calls
   * below set the order. A receipt stored meanwhile by a concurrent push undoes the chunk, to be run again.
   */
  async flush(
    also: () => Promise<unknown>[] = () => [],
    last: () => Promise<unknown> = () => Promise.resolve(),
  ): Promise<void> {
    for (const { result, staged } of this.staged) result.status = staged.status;
    this.staged = [];
    await pipelined([...this.batch.write(), ...also(), last()]);
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
    // A concurrent push stored one of this chunk's receipts first: undone, run again (it is now a duplicate).
    if (isReceiptRace(err)) return processChunk(sql, ctx, mutations, isolated);
    if (!isolated && isBadInputError(err)) return runChunk(sql, ctx, mutations, true);
    throw err;
  }
}
