// Builds municipalities, clients, payment methods and loans (with their schedule) the way the product does,
// through shared/loans, so server tests can set up realistic data in a few lines.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../server/db/connect';
import { businessToday, type IsoDate } from '../../../shared/dates';
import { calculateLoan } from '../../../shared/loans/calculation';
import { deriveLoanState } from '../../../shared/loans/derived';
import { buildSchedule, formatLoanReference } from '../../../shared/loans/schedule';
import {
  type ClientType,
  type ModalidadPago,
  type PaymentMethodTerms,
  termsFor,
} from '../../../shared/loans/terms';
import { type Cents, toCents, toNumericText } from '../../../shared/money';

const pesos = (value: number): Cents => toCents(value)!;

export async function createMunicipality(
  db: Db,
  accountId: number,
  opts: { name?: string; collectionDay?: 'LUNES' | 'MARTES' | 'MIERCOLES' | 'JUEVES' | 'VIERNES' } = {},
): Promise<number> {
  const [row] = await db<{ id: number }[]>`insert into municipalities (account_id, name, collection_day)
    values (${accountId}, ${opts.name ?? `Municipio ${randomUUID().slice(0, 6)}`}, ${opts.collectionDay ?? 'LUNES'})
    returning id`;
  return row!.id;
}

export async function createClient(
  db: Db,
  accountId: number,
  municipalityId: number,
  opts: { nombre?: string; telefono?: string; coordinadora?: boolean; empleado?: boolean } = {},
): Promise<number> {
  const [row] = await db<{ id: number }[]>`insert into clients
      (account_id, municipality_id, nombre, telefono, coordinadora, empleado)
    values (${accountId}, ${municipalityId}, ${opts.nombre ?? `Cliente ${randomUUID().slice(0, 6)}`},
      ${opts.telefono ?? '2221234567'}, ${opts.coordinadora ?? false}, ${opts.empleado ?? false})
    returning id`;
  return row!.id;
}

export const SEMANAL_TERMS: PaymentMethodTerms = {
  interes: 20,
  total_pagos: 14,
  interes_coordinadora: 15,
  total_pagos_coordinadora: 14,
  interes_empleado: 10,
  total_pagos_empleado: 14,
};

export interface PaymentMethodFixture {
  id: number;
  modalidad: ModalidadPago;
  terms: PaymentMethodTerms;
}

/** The account's method for `modalidad` (one per account and mode), created when missing. */
export async function createPaymentMethod(
  db: Db,
  accountId: number,
  opts: {
    modalidad?: ModalidadPago;
    terms?: PaymentMethodTerms;
    montoMinimo?: number;
    montoMaximo?: number;
  } = {},
): Promise<PaymentMethodFixture> {
  const modalidad = opts.modalidad ?? 'SEMANAL';
  const t = opts.terms ?? SEMANAL_TERMS;
  const [row] = await db<
    { id: number }[]
  >`insert into payment_methods (account_id, modalidad_pago, monto_minimo,
      monto_maximo, interes, total_pagos, interes_coordinadora, total_pagos_coordinadora, interes_empleado,
      total_pagos_empleado)
    values (${accountId}, ${modalidad}, ${opts.montoMinimo ?? 1000}, ${opts.montoMaximo ?? 30000}, ${t.interes},
      ${t.total_pagos}, ${t.interes_coordinadora}, ${t.total_pagos_coordinadora}, ${t.interes_empleado},
      ${t.total_pagos_empleado})
    on conflict (account_id, modalidad_pago) do update set updated_at = payment_methods.updated_at
    returning id`;
  return { id: row!.id, modalidad, terms: t };
}

/** State of one payment row; rows not listed are pending. `parcial` in pesos. */
export interface RowState {
  pagada?: boolean;
  renovo?: boolean;
  parcial?: number;
  fecha_pagada?: IsoDate;
}

export interface CreateLoanInput {
  accountId: number;
  clientId: number;
  municipalityId: number;
  paymentMethod: PaymentMethodFixture;
  /** Pesos. */
  montoCredito: number;
  fechaInicio: IsoDate;
  clientType?: ClientType;
  grupo?: number;
  /** Pending balance of a renewed loan, in pesos. */
  saldoPendienteAnterior?: number;
  previousLoanId?: number | null;
  /** Row states by position (index 0 = payment 1). */
  rows?: readonly RowState[];
  /** Derived fields are set as of this date (default: today in Mexico City). */
  today?: IsoDate;
  /** Who recorded the money of the rows given (the payments' collector); none by default. */
  collectedBy?: number;
  /** Rows only, as a database before the payment ledger (sql/020) kept them: no events. */
  legacy?: boolean;
  loanReference?: string;
}

export interface LoanFixture {
  id: number;
  loanReference: string;
  montoConInteres: Cents;
  abono: Cents;
  montoEntregado: Cents;
  totalPagos: number;
  fechaFin: IsoDate;
  amortizationIds: number[];
  pagada: boolean;
  numPago: number;
  vencido: boolean;
}

const earlier = (a: IsoDate, b: IsoDate): IsoDate => (a < b ? a : b);

/** Inserts a loan and its schedule, with derived fields consistent with `recomputeLoans` as of `today`. */
export async function createLoan(db: Db, input: CreateLoanInput): Promise<LoanFixture> {
  const today = input.today ?? businessToday();
  const terms = termsFor(input.paymentMethod.terms, input.clientType ?? 'regular');
  const calc = calculateLoan({
    montoCredito: pesos(input.montoCredito),
    ...terms,
    saldoPendienteAnterior: pesos(input.saldoPendienteAnterior ?? 0),
  });
  const reference =
    input.loanReference ?? formatLoanReference(await nextReferenceNumber(db, input.accountId));
  const schedule = buildSchedule({
    fechaInicio: input.fechaInicio,
    totalPagos: terms.totalPagos,
    modalidad: input.paymentMethod.modalidad,
    loanReference: reference,
  });
  const rows = schedule.rows.map((r, i) => {
    const state = input.rows?.[i] ?? {};
    const pagada = state.pagada ?? false;
    return {
      ...r,
      pagada,
      renovo: state.renovo ?? false,
      parcial: toNumericText(pesos(state.parcial ?? 0)),
      updated_by: pagada || (state.parcial ?? 0) > 0 ? (input.collectedBy ?? null) : null,
      // A partial amount was received on some day: its due date, or today if that is still to come.
      fecha_pagada:
        state.fecha_pagada ??
        (pagada ? r.fecha_pago : (state.parcial ?? 0) > 0 ? earlier(r.fecha_pago, today) : null),
    };
  });
  const derived = deriveLoanState(rows, terms.totalPagos, schedule.fechaFin, today);
  const [loan] = await db<{ id: number }[]>`insert into loans (account_id, client_id, municipality_id,
      payment_method_id, previous_loan_id, loan_reference, grupo, fecha_inicio, fecha_fin, monto_credito,
      monto_con_interes, monto_entregado, interes, modalidad_pago, abono, total_pagos, num_pago, pagada, vencido,
      garantias, closed_at)
    values (${input.accountId}, ${input.clientId}, ${input.municipalityId}, ${input.paymentMethod.id},
      ${input.previousLoanId ?? null}, ${reference}, ${input.grupo ?? 1}, ${input.fechaInicio}, ${schedule.fechaFin},
      ${toNumericText(pesos(input.montoCredito))}, ${toNumericText(calc.montoConInteres)},
      ${toNumericText(calc.montoEntregado)}, ${terms.interes}, ${input.paymentMethod.modalidad},
      ${toNumericText(calc.abono)}, ${terms.totalPagos}, ${derived.numPago}, ${derived.pagada}, ${derived.vencido},
      ${db.json(['Televisión', 'Refrigerador'])}, case when ${derived.pagada}::boolean then now() end)
    returning id`;
  const loanId = loan!.id;
  const inserted = await db<{ id: number; numero_pago: number }[]>`insert into amortizations
    ${db(rows.map((r) => ({ ...r, account_id: input.accountId, loan_id: loanId })))}
    returning id, numero_pago`;
  // The states given become the ledger's events, as the migration turned old rows into events (sql/020).
  if (!input.legacy)
    await db`select ledger_from_row_states(${input.accountId}, ${db.array([loanId])}::bigint[])`;
  return {
    id: loanId,
    loanReference: reference,
    ...calc,
    totalPagos: terms.totalPagos,
    fechaFin: schedule.fechaFin,
    amortizationIds: inserted.sort((a, b) => a.numero_pago - b.numero_pago).map((r) => r.id),
    ...derived,
  };
}

async function nextReferenceNumber(db: Db, accountId: number): Promise<number> {
  const [row] = await db<
    { n: number }[]
  >`select count(*)::int + 1 as n from loans where account_id = ${accountId}`;
  return row!.n;
}
