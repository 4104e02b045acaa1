// Payment edits of one transaction, applied in memory to locked rows and written together (decision 015): a
// device's push of twenty edits costs a handful of statements instead of a dozen per edit. The online calls
// (one edit) come here too, through the same `allocatePayment`, so a payment means the same thing whichever
// way it arrives (DESIGN §5).
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { type Cents, formatCents, toPesos } from '../../shared/money';
import {
  type AllocationRefusal,
  allocatePayment,
  type PaymentEdit,
  type PaymentRow,
} from '../../shared/payments/allocate';
import { paymentMessages as m } from '../../shared/payments/messages';
import type { Db } from '../db/connect';
import { recomputeLoans } from '../loans/recompute';
import {
  type ConflictRecord,
  conflictCheck,
  type EditAuthor,
  insertConflicts,
  otherChangesSince,
} from './payment-conflicts';
import { pipelined } from './pipelined';
import {
  appendPaymentAudit,
  lockLoansRows,
  PENDING_VERSION,
  type RowSnapshot,
  writePaymentRows,
} from './queries';

/** One edit's own details: its audit action, device mutation, phone time and receipt number. */
export interface EditDetails {
  /** Recorded as the audit row's action: 'aplicar-pago', 'actualizar-amortizacion', 'amortization.update'. */
  action: string;
  mutationId: number | null;
  /** When it happened on the phone; null for an online call. */
  clientTime: Date | null;
  /** The short number of the phone's receipt (shared/receipts), kept on the audit rows; null online. */
  recibo: string | null;
}

export interface PaymentChange {
  id: number;
  numero_pago: number;
  before: RowSnapshot;
  after: RowSnapshot;
}

/** A staged edit; `changes` carry their version, and `status` its verdict, once the batch is written. */
export interface StagedPayment {
  loanId: number;
  amortizationId: number;
  details: EditDetails;
  /** Every row the edit changed (the target, then the rows an excess was carried to), in order. */
  changes: PaymentChange[];
  status: 'applied' | 'conflict';
  /** The target's version before this transaction, and the one the editor saw. */
  committedVersion: number;
  baseVersion: number | null;
  edit: PaymentEdit;
}

export type StageOutcome = { ok: true; payment: StagedPayment } | { ok: false; error: AppError };

interface HeldRow extends PaymentRow {
  version: number;
}

interface HeldLoan {
  abono: Cents;
  rows: HeldRow[];
  /** Each row's version before this transaction. */
  committed: Map<number, number>;
}

function refusalError(refusal: AllocationRefusal): AppError {
  switch (refusal.kind) {
    case 'not-found':
      return new AppError('NOT_FOUND', m.amortizacionNoEncontrada);
    case 'paid':
      return new AppError('CONFLICT', m.yaPagada);
    case 'renewed':
      return new AppError('CONFLICT', m.renovada);
    case 'excess':
      return new AppError('VALIDATION', m.excedente(formatCents(refusal.excess)));
  }
}

const snapshot = (row: PaymentRow, version: number): RowSnapshot => ({
  pagada: row.pagada,
  parcial: toPesos(row.parcial),
  fecha_pagada: row.fecha_pagada,
  version,
});

/**
 * The edits of one author in one transaction. `lock` the loans first (loans and rows `for update`), `stage`
 * each edit in order (refusals come back as AppError: 404, 409, 400, and leave nothing behind), then `flush`:
 * it judges conflicts, writes every changed row once, recomputes the loans' derived fields, and appends one
 * audit row per changed row per edit. A loan of another account, or of a municipality the user is not
 * assigned, is not found.
 */
export class PaymentBatch {
  private readonly loans = new Map<number, HeldLoan>();
  private staged: StagedPayment[] = [];
  private conflicts: ConflictRecord[] = [];
  private readonly touched = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly accountId: number,
    private readonly author: EditAuthor,
    private readonly today: IsoDate,
  ) {}

  /** Locks the loans not held yet, in one statement and in id order. */
  async lock(loanIds: readonly number[]): Promise<void> {
    const wanted = loanIds.filter((id) => !this.loans.has(id));
    const locked = await lockLoansRows(this.db, this.accountId, wanted, this.author.userId);
    for (const [id, loan] of locked) {
      this.loans.set(id, {
        abono: loan.abono,
        rows: loan.rows.map(({ id, numero_pago, pagada, renovo, parcial, fecha_pagada, version }) => ({
          id,
          numero_pago,
          pagada,
          renovo,
          parcial,
          fecha_pagada,
          version,
        })),
        committed: new Map(loan.rows.map((r) => [r.id, r.version])),
      });
    }
  }

  /** Applies `edit` to the held rows of a locked loan; nothing is written until `flush`. */
  stage(
    loanId: number,
    amortizationId: number,
    edit: PaymentEdit,
    baseVersion: number | null,
    details: EditDetails,
  ): StageOutcome {
    const loan = this.loans.get(loanId);
    if (!loan) return { ok: false, error: new AppError('NOT_FOUND', m.prestamoNoEncontrado) };
    const allocation = allocatePayment(loan.rows, loan.abono, amortizationId, edit, this.today);
    if (!allocation.ok) return { ok: false, error: refusalError(allocation.refusal) };

    const byId = new Map(loan.rows.map((r) => [r.id, r]));
    const changes = allocation.rows.map((after) => {
      const before = byId.get(after.id)!;
      return {
        id: after.id,
        numero_pago: after.numero_pago,
        before: snapshot(before, before.version),
        after: snapshot(after, PENDING_VERSION),
      };
    });
    const changed = new Map(allocation.rows.map((r) => [r.id, r]));
    loan.rows = loan.rows.map((r) => {
      const after = changed.get(r.id);
      return after ? { ...after, version: PENDING_VERSION } : r;
    });
    if (changes.length > 0) this.touched.add(loanId);
    const payment: StagedPayment = {
      loanId,
      amortizationId,
      details,
      changes,
      status: 'applied',
      committedVersion: loan.committed.get(amortizationId)!,
      baseVersion,
      edit,
    };
    this.staged.push(payment);
    return { ok: true, payment };
  }

  /**
   * Sets the verdict of each staged edit from a read of other authors' committed audit rows. It writes
   * nothing, so it runs before the writes take the account's version.
   */
  async judge(): Promise<void> {
    const judged = this.staged.flatMap((p) => {
      if (p.changes[0]?.id !== p.amortizationId) return [];
      const check = conflictCheck(p.committedVersion, p.baseVersion);
      return check ? [{ payment: p, ...check }] : [];
    });
    const others = await otherChangesSince(
      this.db,
      this.accountId,
      this.author,
      judged.map((j) => ({ amortizationId: j.payment.amortizationId, since: j.since })),
    );
    judged.forEach(({ payment, forged }, i) => {
      const other = others[i];
      if (!other && !forged) return;
      payment.status = 'conflict';
      this.conflicts.push(this.conflictOf(payment, other ?? null));
    });
  }

  /**
   * Sends the writes of what was staged and judged, all at once (one round trip, decision 015): every changed
   * row once, the loans' derived fields, one audit row per changed row per edit, the conflicts. The first
   * takes the account's version, held until the commit; audit rows and conflicts get it in the database, and
   * the staged edits' changes once the rows answer. Empties the batch.
   */
  write(): Promise<unknown>[] {
    const staged = this.staged;
    const conflicts = this.conflicts;
    const loanIds = [...this.touched];
    this.staged = [];
    this.conflicts = [];
    this.touched.clear();
    const rows = loanIds.flatMap((id) =>
      this.loans.get(id)!.rows.filter((r) => r.version === PENDING_VERSION),
    );
    if (rows.length === 0) return [];
    const audit = staged.flatMap((p) =>
      p.changes.map((c) => ({
        accountId: this.accountId,
        userId: this.author.userId,
        clientId: this.author.clientId,
        mutationId: p.details.mutationId,
        entityId: c.id,
        action: p.details.action,
        before: c.before,
        after: c.after,
        clientTime: p.details.clientTime,
        recibo: p.details.recibo,
      })),
    );
    const written = writePaymentRows(this.db, this.accountId, this.author.userId, rows).then((version) => {
      for (const r of rows) r.version = version;
      for (const p of staged)
        for (const c of p.changes) {
          if (c.before.version === PENDING_VERSION) c.before.version = version;
          c.after.version = version;
        }
    });
    return [
      written,
      recomputeLoans(this.db, this.accountId, this.today, loanIds),
      appendPaymentAudit(this.db, audit),
      insertConflicts(this.db, conflicts),
    ];
  }

  /** `judge`, then `write`. */
  async flush(): Promise<void> {
    await this.judge();
    await pipelined(this.write());
  }

  private conflictOf(p: StagedPayment, other: ConflictRecord['other']): ConflictRecord {
    const target = p.changes[0]!;
    return {
      accountId: this.accountId,
      loanId: p.loanId,
      amortizationId: p.amortizationId,
      serverValue: target.before,
      clientValue: {
        pagada: p.edit.pagada ?? null,
        parcial: p.edit.parcial === undefined ? null : toPesos(p.edit.parcial),
        fecha_pagada: p.edit.fechaPagada ?? null,
        baseVersion: p.baseVersion,
      },
      appliedValue: target.after,
      other,
      clientUserId: this.author.userId,
      clientId: this.author.clientId,
      clientTime: p.details.clientTime,
      mutationId: p.details.mutationId,
    };
  }
}
