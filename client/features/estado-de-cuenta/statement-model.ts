// What 'Estado de cuenta' states about a loan (docs/producto.md §2.23, decision 028), pure over what the device
// holds: the figures are shared/loans/figures' over the rows as the ledger's allocation left them, in the town's
// collection week — the call the Cobranza card and the loan detail make — so the three agree to the centavo.
// The payments are the ledger's events as they stand after their corrections (shared/payments/ledger): the
// server's whole ledger when it could be read, else the ones the phone keeps.
import type { IsoDate } from '../../../shared/dates';
import {
  type FiguresRow,
  figuresLoanOf,
  figuresRowOf,
  type LoanFigures,
  lacking,
  loanFigures,
  type NextDue,
  nextDue,
} from '../../../shared/loans/figures';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import { type Cents, cents, toCents } from '../../../shared/money';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { comparePayments, effectivePayments } from '../../../shared/payments/ledger';
import type { LedgerEntry } from '../../../shared/payments/types';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';
import type { DevicePayment } from '../../store/device-payments';
import { statementTexts as t } from './statement-texts';

export interface StatementInput {
  loan: LoanRecord;
  client: { nombre: string; telefono: string } | null;
  municipalityName: string | null;
  /** The town's collection day: the week of the figures (null: unknown, the Monday week, as the detail does). */
  collectionDay: CollectionDay | null;
  /** The rows as the device shows them (this phone's payments not yet sent included). */
  rows: readonly Amortization[];
  /** The loan's payments the device counts: the synced events as they stand, and this phone's own. */
  payments: readonly DevicePayment[];
  /** The server's ledger of the loan, when it could be read (online); null otherwise. */
  ledger: readonly LedgerEntry[] | null;
  /** Names of the users the device knows (this user's, and those a ledger read named before). */
  names: ReadonlyMap<number, string>;
}

export type RowState = 'pagado' | 'parcial' | 'atrasado' | 'pendiente' | 'renovado';

export interface StatementRow {
  numero: number;
  fecha: IsoDate;
  monto: Cents;
  pagado: Cents;
  falta: Cents;
  fechaPagada: IsoDate | null;
  estado: RowState;
}

export interface StatementPayment {
  receiptId: string;
  fecha: IsoDate;
  amount: Cents;
  /** Who recorded it, or where it came from ('Importado', 'Migrado'). */
  who: string;
  /** Only on this phone so far. */
  pending: boolean;
  /** The rows its money reached (known from the server's ledger only). */
  rows: number[] | null;
}

export interface Statement {
  at: IsoDate;
  week: { start: IsoDate; end: IsoDate };
  loan: LoanRecord;
  client: StatementInput['client'];
  municipalityName: string | null;
  figures: LoanFigures;
  nextDue: NextDue | null;
  rows: StatementRow[];
  payments: StatementPayment[];
  /**
   * The money the rows hold that the listed payments do not account for: payments older than the ones the phone
   * keeps (read offline). `before` is the date of the oldest one listed (null: none listed).
   */
  earlier: { before: IsoDate | null; amount: Cents } | null;
  /** Where the list of payments came from. */
  source: 'servidor' | 'telefono';
}

const c = (pesos: number | null | undefined): Cents => toCents(pesos ?? 0) ?? cents(0);

function rowState(row: FiguresRow, week: { start: IsoDate }): RowState {
  if (row.renovo) return 'renovado';
  if (lacking(row) === 0) return 'pagado';
  if (row.fecha_pago < week.start) return 'atrasado';
  return row.received > 0 ? 'parcial' : 'pendiente';
}

/** Who recorded a payment the device holds. */
function deviceWho(p: DevicePayment, names: ReadonlyMap<number, string>): string {
  if (p.userId === null) return t.importadoOMigrado;
  return names.get(p.userId) ?? t.otroUsuario;
}

const ledgerWho = (e: LedgerEntry): string =>
  e.origen === 'migracion'
    ? t.migrado
    : e.origen === 'importacion'
      ? t.importado
      : (e.user?.name ?? t.sinUsuario);

/** The server's payments as they stand after their corrections (a reversed one is left out), then this phone's not there yet. */
function paymentsOfLedger(
  ledger: readonly LedgerEntry[],
  device: readonly DevicePayment[],
  names: ReadonlyMap<number, string>,
): StatementPayment[] {
  const byId = new Map(ledger.map((e) => [e.id, e]));
  const standing = effectivePayments(
    ledger.map((e) => ({
      id: e.id,
      receiptId: e.receipt_id,
      kind: e.kind,
      amount: c(e.amount),
      fecha: e.fecha,
      amortizationId: e.amortization_id,
      correctsId: e.corrects_id,
    })),
  );
  const listed: StatementPayment[] = standing.flatMap((p) => {
    const entry = byId.get(p.event.id)!;
    return p.amount > 0
      ? [
          {
            receiptId: p.receiptId,
            fecha: p.fecha,
            amount: p.amount,
            who: ledgerWho(entry),
            pending: false,
            rows: entry.filas.map((f) => f.numero_pago),
          },
        ]
      : [];
  });
  const arrived = new Set(ledger.map((e) => e.receipt_id));
  for (const p of device)
    if (!p.synced && !arrived.has(p.receiptId) && p.amount > 0) listed.push(fromDevice(p, names));
  return listed;
}

const fromDevice = (p: DevicePayment, names: ReadonlyMap<number, string>): StatementPayment => ({
  receiptId: p.receiptId,
  fecha: p.fecha,
  amount: p.amount,
  who: deviceWho(p, names),
  pending: !p.synced,
  rows: null,
});

const byLedgerOrder = (a: StatementPayment, b: StatementPayment) =>
  comparePayments(
    { receiptId: a.receiptId, fecha: a.fecha, amount: a.amount, amortizationId: null },
    { receiptId: b.receiptId, fecha: b.fecha, amount: b.amount, amortizationId: null },
  );

export function statementOf(input: StatementInput, at: IsoDate): Statement {
  const coverage = collectionWeekOf(input.collectionDay ?? 'LUNES', at);
  const week = { start: coverage.coverageWeek, end: coverage.coverageWeekEnd };
  const rows = input.rows.map(figuresRowOf);
  const figures = loanFigures(figuresLoanOf(input.loan), rows, at, week);
  const fromServer = input.ledger !== null;
  const payments = (
    fromServer
      ? paymentsOfLedger(input.ledger!, input.payments, input.names)
      : input.payments.filter((p) => p.amount > 0).map((p) => fromDevice(p, input.names))
  ).sort(byLedgerOrder);
  const listed = payments.reduce((sum, p) => sum + p.amount, 0);
  const missing = figures.received - listed;
  return {
    at,
    week,
    loan: input.loan,
    client: input.client,
    municipalityName: input.municipalityName,
    figures,
    nextDue: nextDue(rows, week.start),
    rows: input.rows.map((row, i) => {
      const r = rows[i]!;
      return {
        numero: row.numero_pago,
        fecha: row.fecha_pago,
        monto: r.monto,
        pagado: r.received,
        falta: r.renovo ? cents(0) : lacking(r),
        fechaPagada: row.fecha_pagada,
        estado: rowState(r, week),
      };
    }),
    payments,
    earlier:
      !fromServer && missing > 0 ? { before: payments[0]?.fecha ?? null, amount: cents(missing) } : null,
    source: fromServer ? 'servidor' : 'telefono',
  };
}
