// POST /save-loan (docs/producto.md §4 New loan, §5, §9; docs/reglas-del-negocio.md Schedule, Amounts, Renewal, Audit log): the server
// recomputes every figure from the shared rules and writes the loan, its schedule and a renewal at once.
import { clientMessages } from '../../shared/clients/messages';
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { newLoanFigures } from '../../shared/loans/new-loan-figures';
import { newLoanMessages as m } from '../../shared/loans/new-loan-messages';
import { methodIssues } from '../../shared/loans/new-loan-rules';
import type { NewLoanInput } from '../../shared/loans/new-loan-schema';
import { buildSchedule, rowAmounts } from '../../shared/loans/schedule';
import { toPesos } from '../../shared/money';
import type { PaymentMethod } from '../../shared/payment-methods/types';
import { type AuditRow, appendAudit } from '../audit/append-audit';
import { findClient, insertClient } from '../clients/queries';
import type { Db } from '../db/connect';
import { findMunicipality } from '../municipalities/queries';
import { findPaymentMethod } from '../payment-methods/queries';
import { lockAccountVersion } from '../sync/account-version';
import type { Scope } from '../types';
import {
  insertLoan,
  insertSchedule,
  lockOpenLoan,
  markRowsRenewed,
  nextLoanReference,
  type OpenLoan,
  settleLoan,
} from './create-queries';
import { lastGroup } from './queries';
import { recomputeLoans } from './recompute';

export interface LoanCreator extends Scope {
  userId: number;
  /** The business's today: the date of the derived-field recompute. */
  today: IsoDate;
}

export interface CreatedLoan {
  loanId: number;
  clientId: number;
  /** The loan this one renewed (settled in the same transaction), or null. */
  renewedLoanId: number | null;
}

/** A 400 with the first message as `error` and every message by field, as the schema validator answers. */
function validationError(details: Record<string, string>): AppError {
  return new AppError('VALIDATION', Object.values(details)[0]!, details);
}

async function methodOf(tx: Db, accountId: number, input: NewLoanInput): Promise<PaymentMethod> {
  const method = await findPaymentMethod(tx, accountId, input.payment_method_id);
  if (!method) throw validationError({ payment_method_id: m.modalidadNoEncontrada });
  const issues = methodIssues(input, method);
  if (Object.keys(issues).length > 0) throw validationError(issues);
  return method;
}

/** The scope's client, or the inline new client inserted now (its municipality must be one of the scope's). */
async function clientOf(tx: Db, scope: Scope, input: NewLoanInput) {
  if (input.client_id !== null) {
    const client = await findClient(tx, scope, input.client_id);
    if (!client) throw new AppError('NOT_FOUND', m.clienteNoEncontrado);
    return { ...client, created: false };
  }
  const fresh = input.new_client!;
  const municipality = await findMunicipality(tx, scope, fresh.municipality_id);
  if (!municipality || municipality.delete)
    throw validationError({ 'new_client.municipality_id': clientMessages.municipioNoExiste });
  const id = await insertClient(tx, scope.accountId, fresh);
  return { id, ...fresh, created: true };
}

/**
 * The client's open loan, locked. When the form said which loan it showed as renewed (previous_loan_id sent,
 * null meaning none) and the server finds another (a concurrent renewal or a payment settled it, or a loan
 * appeared meanwhile), the save is refused rather than renew a loan the user did not see.
 */
async function renewedLoanOf(tx: Db, accountId: number, clientId: number, input: NewLoanInput) {
  const open = await lockOpenLoan(tx, accountId, clientId);
  const expected = input.previous_loan_id;
  if (expected !== undefined && expected !== (open?.id ?? null))
    throw new AppError('CONFLICT', m.anteriorCambio);
  return open ?? null;
}

/** Marks the old loan's unpaid rows `renovo` and settles it; returns the rows it marked. */
async function renew(tx: Db, creator: LoanCreator, old: OpenLoan) {
  const marked = await markRowsRenewed(tx, creator.accountId, old.id, creator.userId);
  await settleLoan(tx, creator.accountId, old.id);
  return marked;
}

/** The renewal's audit rows: each row marked `renovo` (before/after) and the settled loan. */
function renewalAudit(
  old: OpenLoan,
  marked: readonly { id: number; version: number }[],
  newLoanId: number,
): AuditRow[] {
  const byId = new Map(old.rows.map((r) => [r.id, r]));
  const rows = marked.map(({ id, version }): AuditRow => {
    const row = byId.get(id)!;
    const { pagada, parcial, fecha_pagada } = row.columns;
    const value = { pagada, parcial: toPesos(parcial), fecha_pagada };
    return {
      entity: 'amortizations',
      entityId: id,
      action: 'renovacion',
      before: { ...value, renovo: false, version: row.version },
      after: { ...value, renovo: true, version },
    };
  });
  return [
    ...rows,
    {
      entity: 'loans',
      entityId: old.id,
      action: 'renovacion',
      before: { pagada: false },
      after: { pagada: true, renewed_by_loan_id: newLoanId },
    },
  ];
}

/**
 * Creates the loan in the caller's transaction: account version lock first (the lock order of every writer),
 * then client, method rules, the open loan (locked), figures, reference, the renewal, the loan and its rows,
 * the derived fields of both loans and the audit rows. Throws AppError 400/404/409.
 */
export async function createLoan(tx: Db, creator: LoanCreator, input: NewLoanInput): Promise<CreatedLoan> {
  const { accountId } = creator;
  await lockAccountVersion(tx, accountId);
  const client = await clientOf(tx, creator, input);
  const method = await methodOf(tx, accountId, input);
  const old = await renewedLoanOf(tx, accountId, client.id, input);

  const figures = newLoanFigures({
    montoCredito: input.monto_credito,
    method,
    client,
    fechaInicio: input.fecha_inicio,
    renewed: old && { rows: old.rows.map((r) => ({ monto: r.monto, renovo: r.renovo, ...r.columns })) },
  });
  const loanReference = await nextLoanReference(tx, accountId);
  const schedule = buildSchedule({
    fechaInicio: input.fecha_inicio,
    totalPagos: figures.totalPagos,
    modalidad: method.modalidad_pago,
    loanReference,
  });
  const grupo = input.grupo ?? (await lastGroup(tx, creator, client.municipality_id)) ?? 1;

  // The old loan is settled before the new one exists: a client has one loan that is not pagada (sql/003).
  const marked = old ? await renew(tx, creator, old) : [];
  const loanId = await insertLoan(tx, {
    accountId,
    clientId: client.id,
    municipalityId: client.municipality_id,
    paymentMethodId: method.id,
    previousLoanId: old?.id ?? null,
    loanReference,
    grupo,
    fechaInicio: input.fecha_inicio,
    fechaFin: schedule.fechaFin,
    montoCredito: input.monto_credito,
    montoConInteres: figures.montoConInteres,
    montoEntregado: figures.montoEntregado,
    interes: figures.interes,
    modalidad: method.modalidad_pago,
    abono: figures.abono,
    totalPagos: figures.totalPagos,
    nombreAval: input.nombre_aval || null,
    telefonoAval: input.telefono_aval || null,
    garantias: input.garantias,
    createdBy: creator.userId,
  });
  await insertSchedule(
    tx,
    accountId,
    loanId,
    schedule.rows,
    rowAmounts(figures.montoConInteres, figures.abono, figures.totalPagos),
  );
  await recomputeLoans(tx, accountId, creator.today, old ? [loanId, old.id] : [loanId]);

  const created: AuditRow = {
    entity: 'loans',
    entityId: loanId,
    action: 'save-loan',
    before: null,
    after: {
      loan_reference: loanReference,
      client_id: client.id,
      new_client: client.created,
      payment_method_id: method.id,
      modalidad_pago: method.modalidad_pago,
      grupo,
      fecha_inicio: input.fecha_inicio,
      fecha_fin: schedule.fechaFin,
      monto_credito: toPesos(input.monto_credito),
      interes: figures.interes,
      total_pagos: figures.totalPagos,
      monto_con_interes: toPesos(figures.montoConInteres),
      abono: toPesos(figures.abono),
      saldo_anterior: toPesos(figures.saldoAnterior),
      monto_entregado: toPesos(figures.montoEntregado),
      previous_loan_id: old?.id ?? null,
    },
  };
  const audit = old ? renewalAudit(old, marked, loanId) : [];
  await appendAudit(tx, creator, [...audit, created]);
  return { loanId, clientId: client.id, renewedLoanId: old?.id ?? null };
}
