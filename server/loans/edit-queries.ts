import type { IsoDate } from '../../shared/dates';
import type { ScheduleRow } from '../../shared/loans/schedule';
import { type Cents, toCents, toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import { inTowns } from '../scope/towns';
import type { Scope } from '../types';

/** What an edit reads of the loan, locked for the transaction. */
export interface EditableLoan {
  id: number;
  client_id: number;
  payment_method_id: number;
  previous_loan_id: number | null;
  loan_reference: string;
  grupo: number;
  fecha_inicio: IsoDate;
  monto_credito: Cents;
  nombre_aval: string | null;
  telefono_aval: string | null;
  garantias: string[];
  notas: string | null;
  /** The figures an edit of the money recomputes, as stored (for the audit's 'before'). */
  figures: {
    monto_con_interes: number;
    monto_entregado: number;
    abono: number;
    total_pagos: number;
    fecha_fin: IsoDate;
  };
  /** Any row paid, partly paid or renewed: the money of the loan can no longer change. */
  has_payments: boolean;
  /** On a weekly sheet: its snapshot points at the rows, which therefore stay as they are. */
  on_sheet: boolean;
}

export async function lockEditableLoan(db: Db, scope: Scope, id: number): Promise<EditableLoan | null> {
  const [row] = await db<
    (Omit<EditableLoan, 'monto_credito' | 'figures'> & {
      monto_credito: string;
      monto_con_interes: string;
      monto_entregado: string;
      abono: string;
      total_pagos: number;
      fecha_fin: IsoDate;
    })[]
  >`
    select l.id::int, l.client_id::int, l.payment_method_id::int, l.previous_loan_id::int, l.loan_reference,
      l.grupo, l.fecha_inicio::text, l.monto_credito::text, l.nombre_aval, l.telefono_aval, l.garantias, l.notas,
      l.monto_con_interes::text, l.monto_entregado::text, l.abono::text, l.total_pagos, l.fecha_fin::text,
      exists (select 1 from amortizations a where a.loan_id = l.id and a.renovo)
        or exists (select 1 from payments p where p.loan_id = l.id and p.account_id = l.account_id)
        as has_payments,
      exists (select 1 from weekly_sheet_loans w where w.loan_id = l.id and w.account_id = l.account_id) as on_sheet
    from loans l
    where l.account_id = ${scope.accountId} and l.id = ${id} ${inTowns(db, scope, 'l.municipality_id')}
    for update of l`;
  if (!row) return null;
  const { monto_con_interes, monto_entregado, abono, total_pagos, fecha_fin, ...loan } = row;
  return {
    ...loan,
    monto_credito: toCents(row.monto_credito)!,
    garantias: (row.garantias ?? []).map(String),
    figures: {
      monto_con_interes: Number(monto_con_interes),
      monto_entregado: Number(monto_entregado),
      abono: Number(abono),
      total_pagos,
      fecha_fin,
    },
  };
}

/** The rows a renewal marked on the loan this one renewed: what the client still owed on it then. */
export async function renewedRowsOf(db: Db, accountId: number, previousLoanId: number) {
  const rows = await db<{ parcial: string; monto: string }[]>`
    select a.parcial::text, a.monto::text from amortizations a
    where a.account_id = ${accountId} and a.loan_id = ${previousLoanId} and a.renovo`;
  return {
    rows: rows.map((r) => ({
      monto: toCents(r.monto)!,
      pagada: false,
      renovo: false,
      parcial: toCents(r.parcial)!,
    })),
  };
}

export interface EditedFields {
  grupo: number;
  nombre_aval: string | null;
  telefono_aval: string | null;
  garantias: string[];
  notas: string | null;
}

export async function updateLoanFields(
  db: Db,
  accountId: number,
  id: number,
  f: EditedFields,
): Promise<void> {
  await db`update loans set grupo = ${f.grupo}, nombre_aval = ${f.nombre_aval}, telefono_aval = ${f.telefono_aval},
      garantias = ${db.json(f.garantias)}, notas = ${f.notas}, updated_at = now()
    where account_id = ${accountId} and id = ${id}`;
}

export interface MoneyFields {
  paymentMethodId: number;
  fechaInicio: IsoDate;
  fechaFin: IsoDate;
  montoCredito: Cents;
  montoConInteres: Cents;
  montoEntregado: Cents;
  interes: number;
  modalidad: string;
  abono: Cents;
  totalPagos: number;
}

/**
 * Rewrites an unpaid loan's figures and schedule. The old rows go first (the report summaries take them out at
 * the old abono, devices learn it as tombstones), then the loan changes, then the new rows are written (counted
 * at the new abono). Updating rows in place would make the summaries read the new abono for the old rows too.
 */
export async function rewriteSchedule(
  db: Db,
  accountId: number,
  loanId: number,
  money: MoneyFields,
  rows: readonly ScheduleRow[],
  amounts: readonly Cents[],
): Promise<void> {
  await db`delete from amortizations where account_id = ${accountId} and loan_id = ${loanId}`;
  await db`update loans set payment_method_id = ${money.paymentMethodId}, fecha_inicio = ${money.fechaInicio},
      fecha_fin = ${money.fechaFin}, monto_credito = ${toNumericText(money.montoCredito)},
      monto_con_interes = ${toNumericText(money.montoConInteres)},
      monto_entregado = ${toNumericText(money.montoEntregado)}, interes = ${money.interes},
      modalidad_pago = ${money.modalidad}, abono = ${toNumericText(money.abono)}, total_pagos = ${money.totalPagos},
      num_pago = 0, updated_at = now()
    where account_id = ${accountId} and id = ${loanId}`;
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
