// PUT /api/loans/{id}, 'Editar Préstamo' (docs/reglas-del-negocio.md §3.7): what does not change the money at
// any time; the amount, method and start date only while no payment has been recorded, recomputed with the
// new-loan rules.
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { editLoanMessages as e } from '../../shared/loans/edit-loan-messages';
import type { EditLoanInput } from '../../shared/loans/edit-loan-schema';
import { newLoanFigures } from '../../shared/loans/new-loan-figures';
import { methodIssues } from '../../shared/loans/new-loan-rules';
import { buildSchedule, rowAmounts } from '../../shared/loans/schedule';
import { toPesos } from '../../shared/money';
import { appendAudit } from '../audit/append-audit';
import { findClient } from '../clients/queries';
import type { Db } from '../db/connect';
import { findPaymentMethod } from '../payment-methods/queries';
import { lockAccountVersion } from '../sync/account-version';
import type { Scope } from '../types';
import {
  type EditableLoan,
  lockEditableLoan,
  renewedRowsOf,
  rewriteSchedule,
  updateLoanFields,
} from './edit-queries';
import { recomputeLoans } from './recompute';

export interface LoanEditor extends Scope {
  userId: number;
  today: IsoDate;
}

const validation = (details: Record<string, string>) =>
  new AppError('VALIDATION', Object.values(details)[0]!, details);

/** The non-money fields as stored ('' becomes null). */
const plainFields = (input: EditLoanInput) => ({
  grupo: input.grupo,
  nombre_aval: input.nombre_aval || null,
  telefono_aval: input.telefono_aval || null,
  garantias: input.garantias.filter((g) => g !== ''),
  notas: input.notas || null,
});

function moneyChanges(loan: EditableLoan, input: EditLoanInput) {
  const monto = input.monto_credito ?? loan.monto_credito;
  const methodId = input.payment_method_id ?? loan.payment_method_id;
  const fecha = input.fecha_inicio ?? loan.fecha_inicio;
  const changed =
    monto !== loan.monto_credito || methodId !== loan.payment_method_id || fecha !== loan.fecha_inicio;
  return { monto, methodId, fecha, changed };
}

/** Only the fields whose value changes, before and after, for the audit log. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

export async function editLoan(
  tx: Db,
  editor: LoanEditor,
  loanId: number,
  input: EditLoanInput,
): Promise<boolean> {
  const { accountId } = editor;
  await lockAccountVersion(tx, accountId);
  const loan = await lockEditableLoan(tx, editor, loanId);
  if (!loan) throw new AppError('NOT_FOUND', e.noEncontrado);

  const money = moneyChanges(loan, input);
  if (money.changed && loan.has_payments) throw new AppError('CONFLICT', e.conPagos);
  if (money.changed && loan.on_sheet) throw new AppError('CONFLICT', e.enHoja);

  const method = await findPaymentMethod(tx, accountId, money.methodId);
  if (!method) throw validation({ payment_method_id: e.modalidadNoEncontrada });
  const fields = plainFields(input);
  const issues = methodIssues(
    {
      monto_credito: money.monto,
      nombre_aval: fields.nombre_aval ?? '',
      telefono_aval: fields.telefono_aval ?? '',
    },
    method,
  );
  // An unchanged amount is never refused for a range the method has since moved.
  if (!money.changed) delete issues.monto_credito;
  if (Object.keys(issues).length > 0) throw validation(issues);

  const before: Record<string, unknown> = {
    grupo: loan.grupo,
    nombre_aval: loan.nombre_aval,
    telefono_aval: loan.telefono_aval,
    garantias: loan.garantias,
    notas: loan.notas,
    monto_credito: toPesos(loan.monto_credito),
    payment_method_id: loan.payment_method_id,
    fecha_inicio: loan.fecha_inicio,
  };
  const after: Record<string, unknown> = {
    ...fields,
    monto_credito: toPesos(money.monto),
    payment_method_id: money.methodId,
    fecha_inicio: money.fecha,
  };

  if (money.changed) {
    const client = await findClient(tx, editor, loan.client_id);
    const renewed = loan.previous_loan_id ? await renewedRowsOf(tx, accountId, loan.previous_loan_id) : null;
    const figures = newLoanFigures({
      montoCredito: money.monto,
      method,
      client: { coordinadora: client?.coordinadora ?? false, empleado: client?.empleado ?? false },
      fechaInicio: money.fecha,
      renewed,
    });
    const schedule = buildSchedule({
      fechaInicio: money.fecha,
      totalPagos: figures.totalPagos,
      modalidad: method.modalidad_pago,
      loanReference: loan.loan_reference,
    });
    await rewriteSchedule(
      tx,
      accountId,
      loanId,
      {
        paymentMethodId: method.id,
        fechaInicio: money.fecha,
        fechaFin: schedule.fechaFin,
        montoCredito: money.monto,
        montoConInteres: figures.montoConInteres,
        montoEntregado: figures.montoEntregado,
        interes: figures.interes,
        modalidad: method.modalidad_pago,
        abono: figures.abono,
        totalPagos: figures.totalPagos,
      },
      schedule.rows,
      rowAmounts(figures.montoConInteres, figures.abono, figures.totalPagos),
    );
    Object.assign(before, loan.figures);
    Object.assign(after, {
      monto_con_interes: toPesos(figures.montoConInteres),
      monto_entregado: toPesos(figures.montoEntregado),
      abono: toPesos(figures.abono),
      total_pagos: figures.totalPagos,
      fecha_fin: schedule.fechaFin,
    });
  }

  const change = diff(before, after);
  if (!change.changed) return false;
  await updateLoanFields(tx, accountId, loanId, fields);
  await recomputeLoans(tx, accountId, editor.today, [loanId]);
  await appendAudit(tx, editor, [
    { entity: 'loans', entityId: loanId, action: 'loan.edit', before: change.before, after: change.after },
  ]);
  return true;
}
