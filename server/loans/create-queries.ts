// SQL of POST /save-loan (server/loans/create-loan.ts): the client's open loan, the next reference, the
// new loan and its schedule, the renewal of the old one and the audit rows.
import { AppError } from '../../shared/errors';
import { newLoanMessages as m } from '../../shared/loans/new-loan-messages';
import type { ScheduleRow } from '../../shared/loans/schedule';
import { formatLoanReference } from '../../shared/loans/schedule';
import type { ModalidadPago } from '../../shared/loans/terms';
import { type Cents, toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { type LockedLoan, lockLedgers } from '../payments/queries';

/** sql/003: a client has at most one loan that is not pagada. */
const ONE_OPEN_LOAN = 'loans_one_active_per_client';

/** The client's open loan (not pagada: active or vencido, decision 005), without locking; undefined if none. */
export async function findOpenLoanId(db: Db, accountId: number, clientId: number) {
  const [row] = await db<{ id: number }[]>`select id from loans
    where account_id = ${accountId} and client_id = ${clientId} and not pagada`;
  return row?.id;
}

export type OpenLoan = LockedLoan;

/** The client's open loan with its rows and payments, loan and rows locked (`for update`) until commit. */
export async function lockOpenLoan(
  db: Db,
  accountId: number,
  clientId: number,
): Promise<OpenLoan | undefined> {
  const [loan] = await db<{ id: number }[]>`select id from loans
    where account_id = ${accountId} and client_id = ${clientId} and not pagada
    for update`;
  if (!loan) return undefined;
  return (await lockLedgers(db, accountId, [loan.id])).get(loan.id);
}

/**
 * The account's next readable reference, PR-000123: one more than its highest PR number. Race-free only
 * under the account's sync-version lock, which every writer of loans holds until commit (the loans trigger
 * takes it too); the unique (account_id, loan_reference) constraint is the backstop. An index-only scan of
 * the account's references: no global sequence (docs/arquitectura.md).
 */
export async function nextLoanReference(db: Db, accountId: number): Promise<string> {
  const [row] = await db<
    { n: number }[]
  >`select coalesce(max(substring(loan_reference from 4)::bigint), 0)::bigint
      + 1 as n
    from loans
    where account_id = ${accountId} and loan_reference ~ ${'^PR-[0-9]{1,15}$'}`;
  return formatLoanReference(row!.n);
}

export interface NewLoanRow {
  accountId: number;
  clientId: number;
  municipalityId: number;
  paymentMethodId: number;
  previousLoanId: number | null;
  loanReference: string;
  grupo: number;
  fechaInicio: string;
  fechaFin: string;
  montoCredito: Cents;
  montoConInteres: Cents;
  montoEntregado: Cents;
  interes: number;
  modalidad: ModalidadPago;
  abono: Cents;
  totalPagos: number;
  nombreAval: string | null;
  telefonoAval: string | null;
  garantias: readonly string[];
  createdBy: number;
}

/**
 * Inserts the loan (pagada and vencido false, num_pago 0 until the recompute). A second open loan for the
 * client, which the account lock should already prevent, is the same 409 as a changed previous loan.
 */
export async function insertLoan(db: Db, loan: NewLoanRow): Promise<number> {
  try {
    const [row] = await db<{ id: number }[]>`insert into loans ${db({
      account_id: loan.accountId,
      client_id: loan.clientId,
      municipality_id: loan.municipalityId,
      payment_method_id: loan.paymentMethodId,
      previous_loan_id: loan.previousLoanId,
      loan_reference: loan.loanReference,
      grupo: loan.grupo,
      fecha_inicio: loan.fechaInicio,
      fecha_fin: loan.fechaFin,
      monto_credito: toNumericText(loan.montoCredito),
      monto_con_interes: toNumericText(loan.montoConInteres),
      monto_entregado: toNumericText(loan.montoEntregado),
      interes: loan.interes,
      modalidad_pago: loan.modalidad,
      abono: toNumericText(loan.abono),
      total_pagos: loan.totalPagos,
      num_pago: 0,
      pagada: false,
      vencido: false,
      nombre_aval: loan.nombreAval,
      telefono_aval: loan.telefonoAval,
      garantias: db.json([...loan.garantias]),
      created_by: loan.createdBy,
    })}
    returning id`;
    return row!.id;
  } catch (err) {
    if (isOpenLoanViolation(err)) throw new AppError('CONFLICT', m.anteriorCambio);
    throw err;
  }
}

export const isOpenLoanViolation = (err: unknown): boolean =>
  pgErrorCode(err) === UNIQUE_VIOLATION &&
  (err as { constraint_name?: unknown }).constraint_name === ONE_OPEN_LOAN;

/** The loan's payment rows, as `buildSchedule` made them, each with its amount due (`rowAmounts`). */
export async function insertSchedule(
  db: Db,
  accountId: number,
  loanId: number,
  rows: readonly ScheduleRow[],
  amounts: readonly Cents[],
): Promise<void> {
  await db`insert into amortizations ${db(
    rows.map((r, i) => ({
      account_id: accountId,
      loan_id: loanId,
      numero_pago: r.numero_pago,
      referencia: r.referencia,
      fecha_pago: r.fecha_pago,
      monto: toNumericText(amounts[i]!),
    })),
  )}`;
}

/** Marks the loan's rows that are neither paid nor renewed `renovo`; returns their ids and new version. */
export async function markRowsRenewed(db: Db, accountId: number, loanId: number, userId: number) {
  return db<{ id: number; version: number }[]>`update amortizations set
      renovo = true, updated_by = ${userId}, updated_at = now()
    where loan_id = ${loanId} and account_id = ${accountId} and not pagada and not renovo
    returning id, version`;
}

/** The renewed loan is settled: paid, not overdue, closed now. */
export async function settleLoan(db: Db, accountId: number, loanId: number): Promise<void> {
  await db`update loans set pagada = true, vencido = false, closed_at = coalesce(closed_at, now()),
      updated_at = now()
    where id = ${loanId} and account_id = ${accountId}`;
}
