// The payment events of one transaction (docs/reglas-del-negocio.md, decision 021): staged in memory on locked loans, judged,
// then written together — the events, the rows' derived columns, the loans' derived fields and the conflicts,
// in one round trip (decision 015). A device's push, the online row edits and aplicar-pago all come here, so a
// payment means the same thing whichever way it arrives.
import { paymentDateIssue } from '../../shared/date-rules';
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { RecordedLocation } from '../../shared/location/types';
import { type Cents, cents, formatCents, toPesos } from '../../shared/money';
import { mayCorrectPayment } from '../../shared/payments/correction-rule';
import {
  allocateLedger,
  effectivePayments,
  type LedgerRow,
  outstandingOf,
  type RowBalance,
  rowColumns,
} from '../../shared/payments/ledger';
import { paymentMessages as m } from '../../shared/payments/messages';
import { type PaymentEdit, rowEditIntent } from '../../shared/payments/row-edit';
import type { Db } from '../db/connect';
import { recomputeLoans } from '../loans/recompute';
import { type ConflictRecord, insertConflicts } from './conflicts';
import {
  insertBareReceipts,
  insertEvents,
  type LockedLoan,
  lockLedgers,
  type NewEvent,
  type StoredEvent,
  writeRows,
} from './queries';

/** Who records: a device (its clientId), or a user on the online screens (clientId null). */
export interface EventAuthor {
  userId: number;
  clientId: string | null;
  /** May correct anyone's payments of any day (HOJAS_PROCESAR: the office that reconciles the money). */
  correctsAll: boolean;
}

/** One mutation's own details: its device mutation, phone time and origin. */
export interface EventDetails {
  mutationId: number | null;
  /** When it happened on the phone; null for an online call. */
  clientTime: Date | null;
  /** Where a payment was tapped, or why not (decision 029); absent when the phone did not say. */
  location?: RecordedLocation;
}

/** A row's columns before and after a staged edit (pesos), as the online calls answer them. */
export interface RowChange {
  id: number;
  numero_pago: number;
  before: { pagada: boolean; parcial: number; fecha_pagada: IsoDate | null; version: number };
  after: { pagada: boolean; parcial: number; fecha_pagada: IsoDate | null; version: number };
}

export interface Staged {
  loanId: number;
  status: 'applied' | 'conflict';
  /** Filled once written (online calls answer them). */
  changes: RowChange[];
}

export type StageOutcome = { ok: true; staged: Staged } | { ok: false; error: AppError };

/** Provisional ids of staged events: above any stored id, in staging order (the later correction stands). */
const STAGED_ID = 1e15;

interface HeldLoan extends LockedLoan {
  /** The events staged in this batch, in order. */
  added: (StoredEvent & { reason: string | null; details: EventDetails; paymentMethodId: number | null })[];
  /** Row balances after every event, stored and staged. */
  balances: Map<number, RowBalance>;
  /** The staged mutations whose answer carries this loan's row changes. */
  answers: Staged[];
}

const refuse = (code: 'VALIDATION' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN', message: string) =>
  ({ ok: false, error: new AppError(code, message) }) as const;

const pesosOf = (
  cols: { pagada: boolean; parcial: Cents; fecha_pagada: IsoDate | null },
  version: number,
) => ({
  pagada: cols.pagada,
  parcial: toPesos(cols.parcial),
  fecha_pagada: cols.fecha_pagada,
  version,
});

const ledgerRows = (loan: LockedLoan): LedgerRow[] => loan.rows;

/** The payments of these events as they stand now, allocated to the loan's rows. */
const balancesOf = (loan: LockedLoan, events: readonly StoredEvent[]) =>
  allocateLedger(ledgerRows(loan), effectivePayments(events));

export class LedgerBatch {
  private readonly loans = new Map<number, HeldLoan>();
  private staged = 0;
  private conflicts: ConflictRecord[] = [];
  private bare: { receiptId: string; amortizationId: number; mutationId: number | null }[] = [];

  constructor(
    private readonly db: Db,
    private readonly accountId: number,
    private readonly author: EventAuthor,
    private readonly today: IsoDate,
  ) {}

  /** Locks the loans not held yet (rows `for update`, events read), in one round trip. Sent at the call. */
  lock(loanIds: readonly number[]): Promise<void> {
    const wanted = loanIds.filter((id) => !this.loans.has(id));
    return lockLedgers(this.db, this.accountId, wanted, this.author.userId).then((locked) => {
      for (const [id, loan] of locked)
        this.loans.set(id, {
          ...loan,
          added: [],
          balances: balancesOf(loan, loan.events).balances,
          answers: [],
        });
    });
  }

  has = (loanId: number) => this.loans.has(loanId);

  /** Money received for a loan: refused above what it still owes, or dated after today. */
  record(
    loanId: number,
    payment: {
      receiptId: string;
      amount: Cents;
      fecha: IsoDate;
      amortizationId: number | null;
      paymentMethodId: number | null;
    },
    details: EventDetails,
  ): StageOutcome {
    const loan = this.loans.get(loanId);
    if (!loan) return refuse('NOT_FOUND', m.prestamoNoEncontrado);
    if (payment.amount <= 0) return refuse('VALIDATION', m.montoMayorQueCero);
    const dateIssue = paymentDateIssue(payment.fecha, { today: this.today, loanStart: loan.fechaInicio });
    if (dateIssue) return refuse('VALIDATION', dateIssue);
    if (payment.amortizationId !== null && !loan.rows.some((r) => r.id === payment.amortizationId))
      return refuse('NOT_FOUND', m.amortizacionNoEncontrada);
    const owed = outstandingOf(loan.rows, loan.balances);
    if (owed === 0) return refuse('VALIDATION', m.sinSaldo);
    if (payment.amount > owed) return refuse('VALIDATION', m.excedeSaldo(formatCents(owed)));
    return this.add(loan, {
      kind: 'pago',
      receiptId: payment.receiptId,
      amount: payment.amount,
      fecha: payment.fecha,
      amortizationId: payment.amortizationId,
      correctsId: null,
      reason: null,
      paymentMethodId: payment.paymentMethodId ?? loan.paymentMethodId,
      details,
    });
  }

  /**
   * A correction of the payment with receipt `paymentReceiptId`: what it really was (0 reverses it) and when.
   * The collector who recorded it may correct it the same day; the office (HOJAS_PROCESAR) any. A correction of
   * a payment someone else already corrected is a real disagreement: applied, and listed for the office.
   */
  correct(
    loanId: number,
    correction: {
      receiptId: string;
      paymentReceiptId: string;
      amount: Cents;
      fecha: IsoDate | null;
      reason: string;
    },
    details: EventDetails,
  ): StageOutcome {
    const loan = this.loans.get(loanId);
    const all = loan ? [...loan.events, ...loan.added] : [];
    const payment = all.find((e) => e.receiptId === correction.paymentReceiptId);
    if (!loan || !payment) return refuse('NOT_FOUND', m.pagoNoEncontrado);
    if (payment.kind !== 'pago') return refuse('VALIDATION', m.correccionDeCorreccion);
    if (loan.renewed) return refuse('CONFLICT', m.correccionRenovado);
    const current = effectivePayments(all).find((p) => p.event.id === payment.id)!;
    if (!mayCorrectPayment(this.author, { userId: payment.userId, fecha: current.fecha }, this.today))
      return refuse('FORBIDDEN', m.correccionAjena);
    const fecha = correction.fecha ?? current.fecha;
    const dateIssue = paymentDateIssue(fecha, { today: this.today, loanStart: loan.fechaInicio });
    if (dateIssue) return refuse('VALIDATION', dateIssue);
    const more = correction.amount - current.amount;
    const owed = outstandingOf(loan.rows, loan.balances);
    if (more > owed) return refuse('VALIDATION', m.excedeSaldo(formatCents(owed)));
    const earlier = all.filter((e) => e.correctsId === payment.id);
    const outcome = this.add(loan, {
      kind: 'correccion',
      receiptId: correction.receiptId,
      amount: correction.amount,
      fecha,
      amortizationId: null,
      correctsId: payment.id,
      reason: correction.reason,
      paymentMethodId: null,
      details,
    });
    const other = earlier.filter((e) => e.userId !== this.author.userId).at(-1);
    if (outcome.ok && other)
      this.listConflict(outcome.staged, loanId, other, details, {
        amortizationId: null,
        paymentId: payment.id >= STAGED_ID ? null : payment.id,
        serverValue: { monto: toPesos(current.amount), fecha: current.fecha, corregido_por: other.userId },
        clientValue: { monto: toPesos(correction.amount), fecha, motivo: correction.reason },
        appliedValue: { monto: toPesos(correction.amount), fecha },
      });
    return outcome;
  }

  /**
   * A row edit (SPEC's inline edit, aplicar-pago, a device's `amortization.update`): the difference between the
   * row as its author saw it (`baseVersion`; null: as it is) and the state asked for, as events. Paid and renewed
   * rows are locked (409). An edit over a correction someone else made since its base is applied and listed.
   */
  editRow(
    loanId: number,
    amortizationId: number,
    edit: PaymentEdit,
    baseVersion: number | null,
    receiptId: string,
    details: EventDetails,
  ): StageOutcome {
    const loan = this.loans.get(loanId);
    if (!loan) return refuse('NOT_FOUND', m.prestamoNoEncontrado);
    const row = loan.rows.find((r) => r.id === amortizationId);
    if (!row) return refuse('NOT_FOUND', m.amortizacionNoEncontrada);
    const columns = rowColumns(row, loan.balances.get(row.id)!);
    const seen = this.seenBalance(loan, row.id, row.version, baseVersion);
    const judged = rowEditIntent({ monto: row.monto, renovo: row.renovo, columns }, seen, edit, this.today);
    if (!judged.ok)
      return judged.refusal.kind === 'paid'
        ? refuse('CONFLICT', m.yaPagada)
        : judged.refusal.kind === 'renewed'
          ? refuse('CONFLICT', m.renovada)
          : refuse('NOT_FOUND', m.amortizacionNoEncontrada);
    const { intent } = judged;
    let outcome: StageOutcome;
    if (intent.kind === 'pago')
      outcome = this.record(
        loanId,
        { receiptId, amount: intent.amount, fecha: intent.fecha, amortizationId, paymentMethodId: null },
        details,
      );
    else if (intent.kind === 'devolver' || intent.kind === 'fecha')
      outcome = this.takeBack(loan, row.id, intent, receiptId, details);
    else {
      this.bare.push({ receiptId, amortizationId, mutationId: details.mutationId });
      outcome = { ok: true, staged: { loanId, status: 'applied', changes: [] } };
    }
    if (!outcome.ok) return outcome;
    const since = baseVersion ?? row.version;
    const other = [...loan.events]
      .reverse()
      .find((e) => e.kind === 'correccion' && e.version > since && !this.isAuthor(e));
    if (other && row.version > since)
      this.listConflict(outcome.staged, loanId, other, details, {
        amortizationId,
        paymentId: null,
        serverValue: pesosOf(columns, row.version),
        clientValue: {
          pagada: edit.pagada ?? null,
          parcial: edit.parcial === undefined ? null : toPesos(edit.parcial),
          fecha_pagada: edit.fechaPagada ?? null,
          baseVersion,
        },
        appliedValue: pesosOf(rowColumns(row, loan.balances.get(row.id)!), row.version),
      });
    return outcome;
  }

  /** An applied change over another person's correction its author had not seen: answered and listed. */
  private listConflict(
    staged: Staged,
    loanId: number,
    other: StoredEvent,
    details: EventDetails,
    values: Pick<
      ConflictRecord,
      'amortizationId' | 'paymentId' | 'serverValue' | 'clientValue' | 'appliedValue'
    >,
  ): void {
    staged.status = 'conflict';
    this.conflicts.push({
      accountId: this.accountId,
      loanId,
      ...values,
      other: { userId: other.userId, clientId: other.clientId },
      clientUserId: this.author.userId,
      clientId: this.author.clientId,
      clientTime: details.clientTime,
      mutationId: details.mutationId,
    });
  }

  /**
   * Takes `intent.amount` back from the row's payments, newest first (a correction of each, down to what it
   * brings to other rows), or re-dates them: the corrections a row edit asking for less, or another date, means.
   */
  private takeBack(
    loan: HeldLoan,
    rowId: number,
    intent: { kind: 'devolver'; amount: Cents } | { kind: 'fecha'; fecha: IsoDate },
    receiptId: string,
    details: EventDetails,
  ): StageOutcome {
    const all = [...loan.events, ...loan.added];
    const { allocations } = balancesOf(loan, all);
    const payments = effectivePayments(all);
    let left = intent.kind === 'devolver' ? intent.amount : 0;
    let first = true;
    let outcome: StageOutcome | null = null;
    // Newest first: the payments that reached the row, latest to arrive first.
    const onRow = allocations
      .filter((a) => a.rowId === rowId)
      .map((a) => ({ a, p: payments.find((x) => x.receiptId === a.receiptId)! }))
      .sort((x, y) => y.p.event.id - x.p.event.id);
    for (const { a, p } of onRow) {
      if (intent.kind === 'devolver' && left <= 0) break;
      const take = intent.kind === 'devolver' ? Math.min(left, a.amount) : 0;
      left -= take;
      outcome = this.add(loan, {
        kind: 'correccion',
        receiptId: first ? receiptId : crypto.randomUUID(),
        amount: cents(p.amount - take),
        fecha: intent.kind === 'fecha' ? intent.fecha : p.fecha,
        amortizationId: null,
        correctsId: p.event.id,
        reason: intent.kind === 'fecha' ? 'Cambio de fecha pagada' : 'Monto pagado corregido en la fila',
        paymentMethodId: null,
        details,
      });
      first = false;
    }
    return outcome ?? { ok: true, staged: this.answer(loan) };
  }

  /** What the row had received as its author saw it: the events up to its base, and the author's own. */
  private seenBalance(loan: HeldLoan, rowId: number, version: number, base: number | null): RowBalance {
    if (base === null || base >= version) return loan.balances.get(rowId)!;
    const seen = [...loan.events, ...loan.added].filter((e) => e.version <= base || this.isAuthor(e));
    return balancesOf(loan, seen).balances.get(rowId)!;
  }

  private isAuthor(e: StoredEvent): boolean {
    return this.author.clientId !== null
      ? e.clientId === this.author.clientId
      : e.clientId === null && e.userId === this.author.userId;
  }

  private answer(loan: HeldLoan): Staged {
    const staged: Staged = { loanId: loan.id, status: 'applied', changes: [] };
    loan.answers.push(staged);
    return staged;
  }

  private add(loan: HeldLoan, e: Omit<HeldLoan['added'][number], 'id' | 'userId' | 'clientId' | 'version'>) {
    loan.added.push({
      ...e,
      id: STAGED_ID + this.staged++,
      userId: this.author.userId,
      clientId: this.author.clientId,
      version: Number.MAX_SAFE_INTEGER,
    });
    loan.balances = balancesOf(loan, [...loan.events, ...loan.added]).balances;
    return { ok: true, staged: this.answer(loan) } as const;
  }

  /** Loans with staged events. */
  private touched(): HeldLoan[] {
    return [...this.loans.values()].filter((l) => l.added.length > 0);
  }

  /**
   * Sends every write of what was staged, at once (one round trip, decision 015): the events (the first takes
   * the account's version, held until the commit), the rows whose derived columns change, the loans' derived
   * fields, the conflicts and the receipts of edits that changed nothing. A receipt stored meanwhile fails the
   * first statements (queries.ts isReceiptRace). Empties the batch.
   */
  write(): Promise<unknown>[] {
    const loans = this.touched();
    const events: NewEvent[] = loans.flatMap((loan) =>
      loan.added.map((e) => ({
        receiptId: e.receiptId,
        loanId: loan.id,
        kind: e.kind,
        amount: e.amount,
        fecha: e.fecha,
        amortizationId: e.amortizationId,
        correctsReceipt:
          e.correctsId === null
            ? null
            : [...loan.events, ...loan.added].find((x) => x.id === e.correctsId)!.receiptId,
        reason: e.reason,
        paymentMethodId: e.paymentMethodId,
        userId: this.author.userId,
        clientId: this.author.clientId,
        mutationId: e.details.mutationId,
        clientTime: e.details.clientTime,
        // Only a payment says where it was received; its corrections and row edits are office work.
        location: e.kind === 'pago' ? (e.details.location ?? null) : null,
        origen: this.author.clientId === null ? 'oficina' : 'telefono',
      })),
    );
    const rows = loans.flatMap((loan) =>
      loan.rows.flatMap((row) => {
        const after = rowColumns(row, loan.balances.get(row.id)!);
        const b = row.columns;
        return after.pagada === b.pagada &&
          after.parcial === b.parcial &&
          after.fecha_pagada === b.fecha_pagada
          ? []
          : [{ loan, row, after }];
      }),
    );
    const conflicts = this.conflicts;
    const bare = this.bare;
    this.conflicts = [];
    this.bare = [];
    for (const loan of loans) {
      // Written: the batch's next flush replays them as stored (their provisional ids keep their order).
      loan.events.push(...loan.added);
      loan.added = [];
    }
    const inserted = insertEvents(this.db, this.accountId, events);
    const receipts = insertBareReceipts(this.db, this.accountId, this.author.clientId, bare);
    const written = writeRows(
      this.db,
      this.accountId,
      this.author.userId,
      rows.map(({ row, after }) => ({ id: row.id, ...after })),
    ).then((versions) => {
      for (const { loan, row, after } of rows) {
        const version = versions.get(row.id) ?? row.version;
        const change = {
          id: row.id,
          numero_pago: row.numero_pago,
          before: pesosOf(row.columns, row.version),
          after: pesosOf(after, version),
        };
        for (const staged of loan.answers) staged.changes.push(change);
        row.columns = after;
        row.version = version;
      }
      for (const loan of loans) loan.answers = [];
    });
    return [
      ...inserted,
      receipts,
      written,
      recomputeLoans(
        this.db,
        this.accountId,
        this.today,
        loans.map((l) => l.id),
      ),
      insertConflicts(this.db, conflicts),
    ];
  }
}
