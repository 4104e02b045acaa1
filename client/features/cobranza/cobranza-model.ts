// What each card of 'Cobranza' shows and what its buttons record (issue 12), pure over what the device holds:
// the week's figures follow the sheet's own rules (shared/sheets/amounts), so the phone, the printed sheet and
// the office's processing agree.
import { addDays, type IsoDate } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { type Cents, cents, toCents, toPesos } from '../../../shared/money';
import { collectedSince, receivedCents, summaryRowOf } from '../../../shared/sheets/amounts';
import type { MotivoVisita } from '../../../shared/visits/types';

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
  abono: number;
  rows: readonly Amortization[];
  /** The rows as the server last sent them (without this phone's pending edits). */
  serverRows: readonly Amortization[];
  /** From the week's sheet: what the loan had received when it was taken, and what it expected. */
  sheet: { cobradoPrevio: number; esperado: number } | null;
  visits: readonly VisitMark[];
  pendingSync: boolean;
}

export interface CardModel {
  loanId: number;
  reference: string;
  grupo: number;
  clientName: string;
  telefono: string | null;
  /** Due this week: the week's row and the arrears (pesos). */
  esperado: number;
  /** What 'Pagó' records: one abono, less what the week already received, never more than is owed. */
  abonoSemana: number;
  atraso: { semanas: number; monto: number };
  ultimoPago: IsoDate | null;
  /** Received this week (pesos): all of it, and the part the server already has. */
  cobrado: number;
  cobradoSincronizado: number;
  saldo: number;
  state: WeekState;
  pendingSync: boolean;
  /** The row a payment goes to (the oldest one still owed); null when the loan owes nothing. */
  targetRowId: number | null;
  /** The target row's partial amount before the payment (pesos): a payment adds to it. */
  targetParcial: number;
  promesa: IsoDate | null;
  visita: VisitMark | null;
}

const c = (pesos: number): Cents => toCents(pesos) ?? cents(0);

/** Σ (abono − parcial) of the rows neither paid nor renewed: what the loan still owes. */
export function owedCents(rows: readonly Amortization[], abono: Cents): Cents {
  return cents(
    rows.filter((r) => !r.pagada && !r.renovo).reduce((sum, r) => sum + Math.max(0, abono - c(r.parcial)), 0),
  );
}

/** What a row had received before the week (no sheet): money dated before its first day. */
const rowBeforeWeek = (r: Amortization, abono: Cents, weekStart: IsoDate): Cents =>
  r.fecha_pagada !== null && r.fecha_pagada < weekStart ? receivedCents(r, abono) : cents(0);

/** What the loan had received before the week (no sheet). */
const receivedBeforeWeek = (rows: readonly Amortization[], abono: Cents, weekStart: IsoDate): Cents =>
  cents(rows.reduce((sum, r) => sum + rowBeforeWeek(r, abono, weekStart), 0));

/**
 * Without a sheet, what the week expected as its first day saw it: every row due by the week's end, less what
 * it had received before — so the week's own payments lower what is left, never what was expected.
 */
const expectedOfWeek = (
  rows: readonly Amortization[],
  abono: Cents,
  week: { start: IsoDate; end: IsoDate },
) =>
  cents(
    rows
      .filter((r) => !r.renovo && r.fecha_pago <= week.end)
      .reduce((sum, r) => sum + Math.max(0, abono - rowBeforeWeek(r, abono, week.start)), 0),
  );

export function cardModel(
  input: CardInput,
  week: { start: IsoDate; end: IsoDate },
  today: IsoDate,
): CardModel {
  const abono = c(input.abono);
  const before = input.sheet
    ? c(input.sheet.cobradoPrevio)
    : receivedBeforeWeek(input.rows, abono, week.start);
  const esperado = input.sheet ? c(input.sheet.esperado) : expectedOfWeek(input.rows, abono, week);
  const cobrado = collectedSince(input.rows, abono, before);
  const synced = collectedSince(input.serverRows, abono, before);
  const owed = owedCents(input.rows, abono);
  const target = summaryRowOf(input.rows, today, week.end);
  const arrears = input.rows.filter((r) => !r.pagada && !r.renovo && r.fecha_pago < week.start);
  const paidDates = input.rows.flatMap((r) => (r.fecha_pagada ? [r.fecha_pagada] : []));
  const visits = input.visits.filter((v) => v.fecha >= week.start && v.fecha <= week.end);
  const visita = visits.sort((a, b) => b.fecha.localeCompare(a.fecha))[0] ?? null;
  const weekly = esperado > 0 ? Math.min(abono, esperado) : abono;
  const state: WeekState =
    cobrado > 0
      ? cobrado >= weekly || owed === 0
        ? 'pagado'
        : 'parcial'
      : visita
        ? 'visitado'
        : 'pendiente';
  return {
    loanId: input.loanId,
    reference: input.reference,
    grupo: input.grupo,
    clientName: input.clientName,
    telefono: input.telefono,
    esperado: toPesos(esperado),
    abonoSemana: toPesos(cents(Math.min(owed, Math.max(0, abono - cobrado)))),
    atraso: {
      semanas: arrears.length,
      monto: toPesos(cents(arrears.reduce((sum, r) => sum + Math.max(0, abono - c(r.parcial)), 0))),
    },
    ultimoPago: paidDates.sort().at(-1) ?? null,
    cobrado: toPesos(cobrado),
    cobradoSincronizado: toPesos(cents(Math.min(synced, cobrado))),
    saldo: toPesos(owed),
    state,
    pendingSync: input.pendingSync,
    targetRowId: target?.id ?? null,
    targetParcial: target ? target.parcial : 0,
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
