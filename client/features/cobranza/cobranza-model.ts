// What each card of 'Cobranza' shows and what its buttons record (docs/producto.md §2.5), pure over what the
// device holds: the loan figures (shared/loans/figures) for what is due, late and owed, and the device's
// payments (the ledger's events and this phone's own, client/store/device-payments) for what was collected — the
// same rules the sheet, its file, the processing and the reports follow, so the phone and the office agree
// (decision 021).
import { addDays, type IsoDate } from '../../../shared/dates';
import { figuresLoanOf, figuresRowOf, loanFigures } from '../../../shared/loans/figures';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import { type Cents, cents, toCents, toPesos } from '../../../shared/money';
import type { MotivoVisita } from '../../../shared/visits/types';
import { type DevicePayment, receivedBetween } from '../../store/device-payments';

export type WeekState = 'pendiente' | 'pagado' | 'parcial' | 'visitado';

export interface VisitMark {
  motivo: MotivoVisita;
  fecha: IsoDate;
  fecha_promesa: IsoDate | null;
}

export interface CardInput {
  loanId: number;
  reference: string;
  grupo: number;
  clientName: string;
  telefono: string | null;
  loan: Pick<
    LoanRecord,
    'monto_con_interes' | 'fecha_inicio' | 'fecha_fin' | 'modalidad_pago' | 'total_pagos'
  >;
  /** The rows as the device shows them (this phone's pending payments included). */
  rows: readonly Amortization[];
  /** The loan's payments as the device counts them. */
  payments: readonly DevicePayment[];
  /** From the week's sheet: what it asked of this loan (A COBRAR when it was taken). */
  sheet: { esperado: number } | null;
  visits: readonly VisitMark[];
  pendingSync: boolean;
}

export interface CardModel {
  loanId: number;
  reference: string;
  grupo: number;
  clientName: string;
  telefono: string | null;
  /** What the week asked: the sheet's A COBRAR, or — without a sheet — what is due now plus what came in. */
  esperado: number;
  /** What 'Pagó' records: what the week's row and the arrears still lack (pesos; 0: covered). */
  abonoSemana: number;
  atraso: { semanas: number; monto: number };
  /** Days since the oldest row still lacking money fell due (the portfolio report's days late); 0: up to date. */
  diasAtraso: number;
  ultimoPago: IsoDate | null;
  /** Received this week (pesos): all of it, and the part the server already has. */
  cobrado: number;
  cobradoSincronizado: number;
  /** What the loan still owes in all. */
  saldo: number;
  state: WeekState;
  pendingSync: boolean;
  /** The loan still owes something: 'Otro monto' can record money. */
  canPay: boolean;
  promesa: IsoDate | null;
  visita: VisitMark | null;
}

const c = (pesos: number): Cents => toCents(pesos) ?? cents(0);

export function cardModel(
  input: CardInput,
  week: { start: IsoDate; end: IsoDate },
  today: IsoDate,
): CardModel {
  const figures = loanFigures(figuresLoanOf(input.loan), input.rows.map(figuresRowOf), today, week);
  const cobrado = receivedBetween(input.payments, week.start, week.end);
  const synced = receivedBetween(input.payments, week.start, week.end, true);
  const esperado = input.sheet ? c(input.sheet.esperado) : cents(figures.dueThisWeek + cobrado);
  const paidDates = [
    ...input.payments.filter((p) => p.amount > 0).map((p) => p.fecha),
    ...input.rows.flatMap((r) => (r.fecha_pagada ? [r.fecha_pagada] : [])),
  ];
  const visits = input.visits.filter((v) => v.fecha >= week.start && v.fecha <= week.end);
  const visita = [...visits].sort((a, b) => b.fecha.localeCompare(a.fecha))[0] ?? null;
  const state: WeekState =
    cobrado > 0
      ? figures.dueThisWeek === 0
        ? 'pagado'
        : 'parcial'
      : visita
        ? 'visitado'
        : figures.dueThisWeek === 0 && figures.outstanding > 0
          ? 'pagado'
          : 'pendiente';
  return {
    loanId: input.loanId,
    reference: input.reference,
    grupo: input.grupo,
    clientName: input.clientName,
    telefono: input.telefono,
    esperado: toPesos(esperado),
    abonoSemana: toPesos(figures.pagoSugerido),
    atraso: { semanas: figures.arrears.rows, monto: toPesos(figures.arrears.amount) },
    diasAtraso: figures.daysLate,
    ultimoPago: paidDates.sort().at(-1) ?? null,
    cobrado: toPesos(cobrado),
    cobradoSincronizado: toPesos(cents(Math.min(synced, cobrado))),
    saldo: toPesos(figures.outstanding),
    state,
    pendingSync: input.pendingSync,
    canPay: figures.outstanding > 0,
    promesa: visits.find((v) => v.fecha_promesa !== null)?.fecha_promesa ?? null,
    visita,
  };
}

/** The Monday–Sunday week that holds `today`. */
export function weekOf(today: IsoDate): { start: IsoDate; end: IsoDate } {
  const day = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(today, -day);
  return { start, end: addDays(start, 6) };
}

export interface CobranzaTotals {
  esperado: number;
  /** Received this week that the server already has, and the part still only on the phone. */
  cobradoSincronizado: number;
  cobradoEnTelefono: number;
  hechos: number;
  clientes: number;
}

const sameVisit = (a: VisitMark | null, b: VisitMark | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.motivo === b.motivo &&
    a.fecha === b.fecha &&
    a.fecha_promesa === b.fecha_promesa);

/** Whether two cards show the same thing (a new read of an unchanged loan gives an equal card). */
export function sameCard(a: CardModel, b: CardModel): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof CardModel)[]) {
    if (key === 'atraso') {
      if (a.atraso.semanas !== b.atraso.semanas || a.atraso.monto !== b.atraso.monto) return false;
    } else if (key === 'visita') {
      if (!sameVisit(a.visita, b.visita)) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** The totals with some cards shown as taps left them (`from` the read's card, `to` the tap's). */
export function adjustTotals(
  totals: CobranzaTotals,
  changes: Iterable<{ from: CardModel; to: CardModel }>,
): CobranzaTotals {
  let esperado: number = c(totals.esperado);
  let synced: number = c(totals.cobradoSincronizado);
  let cobrado: number = c(totals.cobradoSincronizado) + c(totals.cobradoEnTelefono);
  let hechos = totals.hechos;
  for (const { from, to } of changes) {
    esperado += c(to.esperado) - c(from.esperado);
    synced += c(to.cobradoSincronizado) - c(from.cobradoSincronizado);
    cobrado += c(to.cobrado) - c(from.cobrado);
    hechos += (isDone(to) ? 1 : 0) - (isDone(from) ? 1 : 0);
  }
  return {
    esperado: toPesos(cents(esperado)),
    cobradoSincronizado: toPesos(cents(synced)),
    cobradoEnTelefono: toPesos(cents(Math.max(0, cobrado - synced))),
    hechos,
    clientes: totals.clientes,
  };
}

/** A card is done once the collector has been there: a payment (full or partial) or a visit. */
export const isDone = (card: Pick<CardModel, 'state'>) => card.state !== 'pendiente';

export function cobranzaTotals(cards: readonly CardModel[]): CobranzaTotals {
  let esperado = 0;
  let synced = 0;
  let cobrado = 0;
  for (const card of cards) {
    esperado += c(card.esperado);
    synced += c(card.cobradoSincronizado);
    cobrado += c(card.cobrado);
  }
  return {
    esperado: toPesos(cents(esperado)),
    cobradoSincronizado: toPesos(cents(synced)),
    cobradoEnTelefono: toPesos(cents(Math.max(0, cobrado - synced))),
    hechos: cards.filter(isDone).length,
    clientes: cards.length,
  };
}
