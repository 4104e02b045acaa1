// Plans the demo loans (pure: no database). Every loan is built by the real rules of shared/loans, and its
// payments are laid out so that the portfolio shows every state relative to `today`.
import { addDays, addMonths, type IsoDate, weekdayIndex } from '../../shared/dates';
import { calculateLoan, type LoanCalculation } from '../../shared/loans/calculation';
import { deriveLoanState, type LoanDerivedState } from '../../shared/loans/derived';
import { formatLoanReference, paymentDate, rowAmounts } from '../../shared/loans/schedule';
import {
  type ClientType,
  type ModalidadPago,
  type PaymentMethodTerms,
  termsFor,
} from '../../shared/loans/terms';
import { type Cents, cents, toCents } from '../../shared/money';
import type { Random } from './random';

export interface PlanClient {
  id: number;
  /** Position in the account, drives the scenario. */
  index: number;
  municipalityId: number;
  /** 0 = lunes … 4 = viernes. */
  collectionDay: number;
  grupo: number;
  type: ClientType;
}

/** A payment method of the account: its terms by client type, range and whether it needs an aval. */
export interface PlanMethod extends PaymentMethodTerms {
  id: number;
  modalidad: ModalidadPago;
  montoMinimo: number;
  montoMaximo: number;
  requiereAval: boolean;
}

export interface PlannedRow {
  numero_pago: number;
  fecha_pago: IsoDate;
  pagada: boolean;
  renovo: boolean;
  parcial: Cents;
  fecha_pagada: IsoDate | null;
}

export interface PlannedLoan {
  client: PlanClient;
  method: PlanMethod;
  interes: number;
  totalPagos: number;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
  montoCredito: Cents;
  calc: LoanCalculation;
  rows: PlannedRow[];
  derived: LoanDerivedState;
  previous: PlannedLoan | null;
  /** Set for an old loan settled by a renewal on that date. */
  renewedOn: IsoDate | null;
  loanReference: string;
}

type Behaviour =
  | { kind: 'onTrack' }
  | { kind: 'partial' }
  | { kind: 'arrears'; unpaid: number }
  | { kind: 'late'; unpaid: number; partial: boolean }
  | { kind: 'paid' }
  | { kind: 'renewed'; on: IsoDate };

export type Scenario =
  | 'fresh'
  | 'midway'
  | 'partial'
  | 'arrears'
  | 'vencido'
  | 'paidOnly'
  | 'paidThenFresh'
  | 'paidThenMidway'
  | 'renewal';

/** 12 clients → 17 loans; repeated over the account's clients. */
export const SCENARIO_CYCLE: readonly Scenario[] = [
  'midway',
  'fresh',
  'partial',
  'renewal',
  'paidThenMidway',
  'vencido',
  'renewal',
  'paidThenFresh',
  'arrears',
  'renewal',
  'paidOnly',
  'partial',
];

const AMOUNTS = [
  1000, 1500, 2000, 2000, 2500, 3000, 3000, 4000, 5000, 5000, 6000, 8000, 10000, 12000, 15000, 20000,
];
const PERIOD_DAYS: Record<ModalidadPago, number> = { DIARIO: 1, SEMANAL: 7, QUINCENAL: 14, MENSUAL: 30 };

/** The collection day on or before `date` (docs/producto.md §9's default loan date, counting today). */
const collectionDayOnOrBefore = (date: IsoDate, day: number): IsoDate =>
  addDays(date, -((weekdayIndex(date) - day + 7) % 7));

const periodsBack = (date: IsoDate, modalidad: ModalidadPago, periods: number): IsoDate =>
  modalidad === 'MENSUAL' ? addMonths(date, -periods) : addDays(date, -periods * PERIOD_DAYS[modalidad]);

const minDate = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

export class LoanPlanner {
  private readonly loans: PlannedLoan[] = [];

  constructor(
    private readonly today: IsoDate,
    private readonly rng: Random,
    private readonly methods: ReadonlyMap<ModalidadPago, PlanMethod>,
  ) {}

  /** Plans the loans of one client for `scenario`. */
  plan(client: PlanClient, scenario: Scenario): void {
    const { rng, today } = this;
    const thisWeek = collectionDayOnOrBefore(today, client.collectionDay);
    const method = this.methodFor(client.index, scenario);
    const total = termsFor(method, client.type).totalPagos;
    const back = (periods: number) =>
      collectionDayOnOrBefore(periodsBack(today, method.modalidad, periods), client.collectionDay);
    const midwayStart = () => back(rng.int(Math.ceil(total * 0.25), Math.max(1, Math.floor(total * 0.7))));
    switch (scenario) {
      case 'fresh':
        this.add(client, method, thisWeek, { kind: 'onTrack' });
        break;
      case 'midway':
        this.add(client, method, midwayStart(), { kind: 'onTrack' });
        break;
      case 'partial':
        this.add(client, method, midwayStart(), { kind: 'partial' });
        break;
      case 'arrears':
        this.add(client, method, midwayStart(), { kind: 'arrears', unpaid: rng.int(1, 2) });
        break;
      case 'vencido': {
        const start = back(total + Math.max(1, Math.round(rng.int(7, 35) / PERIOD_DAYS[method.modalidad])));
        this.add(client, method, start, {
          kind: 'late',
          unpaid: rng.int(2, Math.min(5, total - 1)),
          partial: rng.chance(0.6),
        });
        break;
      }
      case 'paidOnly':
        this.add(client, method, back(total + rng.int(2, 10)), { kind: 'paid' });
        break;
      case 'paidThenFresh':
      case 'paidThenMidway': {
        const current = this.add(client, method, scenario === 'paidThenFresh' ? thisWeek : midwayStart(), {
          kind: 'onTrack',
        });
        this.addPaidBefore(client, current.fechaInicio);
        break;
      }
      case 'renewal':
        this.addRenewal(client);
        break;
    }
  }

  /** All planned loans, numbered PR-000001… in order of fecha_inicio. */
  finish(): PlannedLoan[] {
    const sorted = [...this.loans].sort(
      (a, b) => a.fechaInicio.localeCompare(b.fechaInicio) || a.client.index - b.client.index,
    );
    sorted.forEach((loan, i) => {
      loan.loanReference = formatLoanReference(i + 1);
    });
    return sorted;
  }

  private methodFor(index: number, scenario: Scenario): PlanMethod {
    const semanal = this.methods.get('SEMANAL')!;
    if (scenario === 'renewal') return semanal;
    const wanted: ModalidadPago | null =
      index % 10 === 2 ? 'QUINCENAL' : index % 10 === 5 ? 'MENSUAL' : index % 15 === 8 ? 'DIARIO' : null;
    return (wanted && this.methods.get(wanted)) || semanal;
  }

  private amount(method: PlanMethod, atLeast = 0): Cents {
    const options = AMOUNTS.filter((a) => a >= method.montoMinimo && a <= method.montoMaximo && a >= atLeast);
    return toCents(options.length > 0 ? this.rng.pick(options) : Math.max(method.montoMinimo, atLeast))!;
  }

  private addPaidBefore(client: PlanClient, before: IsoDate): PlannedLoan {
    const method = this.methods.get('SEMANAL')!;
    const total = termsFor(method, client.type).totalPagos;
    const start = collectionDayOnOrBefore(
      addDays(before, -7 * (total + this.rng.int(1, 4))),
      client.collectionDay,
    );
    return this.add(client, method, start, { kind: 'paid' });
  }

  /** An old loan renewed on a collection day 0–5 weeks ago, and the new loan that settled it. */
  private addRenewal(client: PlanClient): void {
    const method = this.methods.get('SEMANAL')!;
    const renewal = addDays(
      collectionDayOnOrBefore(this.today, client.collectionDay),
      -7 * this.rng.int(0, 5),
    );
    const oldStart = addDays(renewal, -7 * this.rng.int(6, 10));
    const old = this.add(client, method, oldStart, { kind: 'renewed', on: renewal });
    // What the old loan owed when renewed: the rows not yet due, each its own amount (its due ones were paid).
    const amounts = rowAmounts(old.calc.montoConInteres, old.calc.abono, old.totalPagos);
    const saldo = cents(
      old.rows.reduce((sum, r, i) => (r.fecha_pago <= renewal ? sum : sum + amounts[i]!), 0),
    );
    this.add(
      client,
      method,
      renewal,
      { kind: 'onTrack' },
      { previous: old, saldo, atLeast: old.montoCredito / 100 },
    );
  }

  private add(
    client: PlanClient,
    method: PlanMethod,
    fechaInicio: IsoDate,
    behaviour: Behaviour,
    renewal?: { previous: PlannedLoan; saldo: Cents; atLeast: number },
  ): PlannedLoan {
    const terms = termsFor(method, client.type);
    const montoCredito = this.amount(method, renewal?.atLeast);
    const calc = calculateLoan({
      montoCredito,
      ...terms,
      saldoPendienteAnterior: renewal?.saldo ?? cents(0),
    });
    const rows = this.rows(fechaInicio, method.modalidad, terms.totalPagos, calc.abono, behaviour);
    const fechaFin = rows[rows.length - 1]!.fecha_pago;
    const loan: PlannedLoan = {
      client,
      method,
      interes: terms.interes,
      totalPagos: terms.totalPagos,
      fechaInicio,
      fechaFin,
      montoCredito,
      calc,
      rows,
      derived: deriveLoanState(rows, terms.totalPagos, fechaFin, this.today),
      previous: renewal?.previous ?? null,
      renewedOn: behaviour.kind === 'renewed' ? behaviour.on : null,
      loanReference: '',
    };
    this.loans.push(loan);
    return loan;
  }

  private rows(
    start: IsoDate,
    modalidad: ModalidadPago,
    total: number,
    abono: Cents,
    b: Behaviour,
  ): PlannedRow[] {
    const { rng, today } = this;
    const dates = Array.from({ length: total }, (_, i) => paymentDate(start, modalidad, i + 1));
    const due = dates.filter((d) => d <= today).length;
    // How many leading rows are paid, and which row (index) carries a partial payment.
    let paid: number;
    let partialAt = -1;
    switch (b.kind) {
      case 'onTrack':
        paid = due;
        break;
      case 'partial':
        paid = Math.max(0, due - 1);
        partialAt = paid;
        break;
      case 'arrears':
        paid = Math.max(0, due - b.unpaid);
        break;
      case 'late':
        paid = total - b.unpaid;
        partialAt = b.partial ? paid : -1;
        break;
      case 'paid':
        paid = total;
        break;
      case 'renewed':
        paid = dates.filter((d) => d <= b.on).length;
        break;
    }
    const latest = b.kind === 'renewed' ? b.on : today;
    const paidOn = (d: IsoDate) => minDate(rng.chance(0.2) ? addDays(d, rng.int(1, 2)) : d, latest);
    return dates.map((fecha_pago, i) => {
      const row: PlannedRow = {
        numero_pago: i + 1,
        fecha_pago,
        pagada: i < paid,
        renovo: b.kind === 'renewed' && i >= paid,
        parcial: cents(0),
        fecha_pagada: i < paid ? paidOn(fecha_pago) : null,
      };
      if (i === partialAt) {
        // 30–70 % of the abono, in tens of pesos, always below the abono.
        const tens = Math.floor((abono * rng.int(30, 70)) / 100 / 1000);
        row.parcial = cents(Math.min(Math.max(1000, tens * 1000), abono - 100));
        row.fecha_pagada = minDate(fecha_pago, today);
      }
      return row;
    });
  }
}
