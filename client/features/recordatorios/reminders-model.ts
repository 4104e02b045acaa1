// 'Recordatorios de mañana' (docs/producto.md §2.24, decision 028), pure: for a town and its next collection date,
// one line per client with what that week asks (A COBRAR: shared/loans/figures over the rows as the device holds
// them, in the town's collection week starting that day — what the card will offer in 'Pagó'), the message, and
// the links that open it in WhatsApp or as an SMS. Nothing is sent from here or from the server.
import type { IsoDate } from '../../../shared/dates';
import { figuresLoanOf, figuresRowOf, loanFigures } from '../../../shared/loans/figures';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import { type Cents, formatCents } from '../../../shared/money';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { collectionWeekOf } from '../../../shared/sheets/coverage-week';
import { compareRoute } from '../../../shared/sheets/route-order';
import { whenText } from './next-collection';
import { remindersTexts as t } from './reminders-texts';

export interface ReminderInput {
  loan: LoanRecord;
  client: { nombre: string; telefono: string } | null;
  rows: readonly Amortization[];
}

export interface ReminderLine {
  loanId: number;
  reference: string;
  grupo: number;
  clientName: string;
  telefono: string | null;
  /** The week's A COBRAR: the row of the week plus what is late. */
  aCobrar: Cents;
  /** The part of it that is late. */
  atraso: Cents;
}

/** The town's clients who owe something in the collection week that starts on `date`, in route order. */
export function reminderLines(
  items: readonly ReminderInput[],
  collectionDay: CollectionDay,
  date: IsoDate,
): ReminderLine[] {
  const coverage = collectionWeekOf(collectionDay, date);
  const week = { start: coverage.coverageWeek, end: coverage.coverageWeekEnd };
  const lines: ReminderLine[] = [];
  for (const { loan, client, rows } of items) {
    const figures = loanFigures(figuresLoanOf(loan), rows.map(figuresRowOf), date, week);
    if (figures.state === 'pagado' || figures.dueThisWeek === 0) continue;
    lines.push({
      loanId: loan.id,
      reference: loan.loan_reference,
      grupo: loan.grupo,
      clientName: client?.nombre ?? '',
      telefono: client?.telefono ?? null,
      aCobrar: figures.dueThisWeek,
      atraso: figures.arrears.amount,
    });
  }
  return lines.sort((a, b) =>
    compareRoute(
      { grupo: a.grupo, client_nombre: a.clientName, loan_reference: a.reference },
      { grupo: b.grupo, client_nombre: b.clientName, loan_reference: b.reference },
    ),
  );
}

export function reminderMessage(line: ReminderLine, date: IsoDate, today: IsoDate, negocio: string): string {
  return t.mensaje({
    cliente: line.clientName,
    cuando: whenText(date, today),
    monto: formatCents(line.aCobrar),
    atraso: line.atraso > 0 ? formatCents(line.atraso) : null,
    referencia: line.reference,
    negocio,
  });
}

/** A Mexican mobile's ten digits (a leading 52 dropped), the rule 'Compartir recibo' follows; null otherwise. */
export function tenDigits(telefono: string | null): string | null {
  const digits = (telefono ?? '').replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('52') ? digits.slice(2) : digits;
  return national.length === 10 ? national : null;
}

export const whatsappLink = (national: string, text: string) =>
  `https://wa.me/52${national}?text=${encodeURIComponent(text)}`;

/** `?body=` is what Android's and iOS's messages apps both read. */
export const smsLink = (national: string, text: string) =>
  `sms:+52${national}?body=${encodeURIComponent(text)}`;
