// POST /api/imports/loans (docs/producto.md §2.22): one batch of a filled-in template, in the caller's transaction.
// The batch is checked again with the shared plan (the browser's preview is never trusted), rows whose reference
// an earlier import created are left alone, and the rest become clients, loans, schedules and payment events
// exactly as the form and the ledger would have made them.
import { randomUUID } from 'node:crypto';
import type { IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { columnHeader, LOAN_SHEET } from '../../shared/imports/columns';
import { importMessages as m } from '../../shared/imports/messages';
import { type ImportIssue, type PlannedLoan, planImport } from '../../shared/imports/plan';
import type { ImportBatchResult, ImportLoanRow } from '../../shared/imports/schemas';
import { formatLoanReference, loanReferenceNumber } from '../../shared/loans/schedule';
import { toPesos } from '../../shared/money';
import { type AuditRow, appendAudit } from '../audit/append-audit';
import type { Db } from '../db/connect';
import { nextLoanReference } from '../loans/create-queries';
import { lastGroup } from '../loans/queries';
import { recomputeLoans } from '../loans/recompute';
import { listMunicipalities } from '../municipalities/queries';
import { listPaymentMethods } from '../payment-methods/queries';
import { lockAccountVersion } from '../sync/account-version';
import type { Scope } from '../types';
import {
  importedReferences,
  insertClients,
  insertImportedPayments,
  insertLoans,
  insertScheduleRows,
  knownClients,
  refreshStatistics,
  writeRowsFromLedger,
} from './queries';

export interface Importer extends Scope {
  userId: number;
  today: IsoDate;
}

/**
 * A 400 whose message names the first problem as the user finds it ('Préstamos, fila 7, Monto crédito: …') and whose
 * details name each field as the API's other 400s do ('loans.0.monto_credito').
 */
function issuesError(issues: readonly ImportIssue[]): AppError {
  const where = (i: ImportIssue) => `${i.hoja}, fila ${i.fila}${i.columna ? `, ${i.columna}` : ''}`;
  const details = Object.fromEntries(issues.slice(0, 50).map((i) => [i.campo ?? where(i), i.mensaje]));
  const first = issues[0]!;
  return new AppError('VALIDATION', `${where(first)}: ${first.mensaje}`, details);
}

export async function importLoans(
  tx: Db,
  importer: Importer,
  rows: readonly ImportLoanRow[],
): Promise<ImportBatchResult> {
  const { accountId } = importer;
  // The lock order of every writer of the account (server/sync/account-version.ts), and it makes the
  // references below race-free.
  await lockAccountVersion(tx, accountId);
  await refreshStatistics(tx);
  const [municipios, methods] = await Promise.all([
    listMunicipalities(tx, importer, false),
    listPaymentMethods(tx, accountId),
  ]);
  const plan = planImport(rows, { municipios, methods }, importer.today);
  if (plan.issues.length > 0) throw issuesError(plan.issues);

  const done = await importedReferences(
    tx,
    accountId,
    plan.loans.map((l) => l.loan.referencia),
  );
  const fresh = plan.loans.filter((l) => !done.has(l.loan.referencia));
  const result: ImportBatchResult = {
    creados: 0,
    existentes: plan.loans.length - fresh.length,
    clientes_nuevos: 0,
    pagos: 0,
  };
  if (fresh.length === 0) return result;

  const clients = await clientsOf(tx, importer, fresh);
  result.clientes_nuevos = clients.created;
  const first = loanReferenceNumber(await nextLoanReference(tx, accountId))!;
  const references = fresh.map((_, i) => formatLoanReference(first + i));
  const groups = await defaultGroups(tx, importer, fresh);
  const loanIds = await insertLoans(
    tx,
    accountId,
    importer.userId,
    fresh.map((l, i) => ({
      clientId: clients.byKey.get(l.clientKey)!,
      municipalityId: l.municipalityId,
      paymentMethodId: l.method.id,
      loanReference: references[i]!,
      grupo: l.loan.grupo ?? groups.get(l.municipalityId) ?? 1,
      fechaInicio: l.loan.fecha_inicio,
      fechaFin: l.figures.fechaFin,
      montoCredito: l.loan.monto_credito,
      montoConInteres: l.figures.montoConInteres,
      montoEntregado: l.figures.montoEntregado,
      interes: l.figures.interes,
      modalidad: l.method.modalidad_pago,
      abono: l.figures.abono,
      totalPagos: l.figures.totalPagos,
      nombreAval: l.loan.nombre_aval || null,
      telefonoAval: l.loan.telefono_aval || null,
      garantias: l.loan.garantias,
      importRef: l.loan.referencia,
    })),
  );
  const ids = fresh.map((l) => loanIds.get(l.loan.referencia)!);

  // The rows' references as buildSchedule writes them: the loan's reference and the payment's number.
  await insertScheduleRows(
    tx,
    accountId,
    fresh.flatMap((l, i) =>
      l.schedule.map((row, k) => ({
        loanId: ids[i]!,
        numeroPago: k + 1,
        referencia: `${references[i]}-${k + 1}`,
        fechaPago: row.fecha_pago,
        monto: row.monto,
      })),
    ),
  );
  const events = fresh.flatMap((l, i) =>
    l.payments.map((p) => ({
      receiptId: randomUUID(),
      loanId: ids[i]!,
      paymentMethodId: l.method.id,
      fecha: p.fecha,
      amount: p.amount,
    })),
  );
  await insertImportedPayments(tx, accountId, events);
  await writeRowsFromLedger(tx, ids);
  await recomputeLoans(tx, accountId, importer.today, ids);
  await appendAudit(
    tx,
    importer,
    fresh.map((l, i) => auditRow(l, ids[i]!, references[i]!)),
  );
  result.creados = fresh.length;
  result.pagos = events.length;
  return result;
}

/** A row without its group takes its town's last group, as a loan on the form does. */
async function defaultGroups(tx: Db, scope: Scope, loans: readonly PlannedLoan[]) {
  const towns = [...new Set(loans.filter((l) => l.loan.grupo === null).map((l) => l.municipalityId))];
  const groups = new Map<number, number>();
  for (const town of towns) groups.set(town, (await lastGroup(tx, scope, town)) ?? 1);
  return groups;
}

function auditRow(l: PlannedLoan, loanId: number, loanReference: string): AuditRow {
  return {
    entity: 'loans',
    entityId: loanId,
    action: 'importacion',
    before: null,
    after: {
      loan_reference: loanReference,
      import_ref: l.loan.referencia,
      fila: l.loan.fila,
      modalidad_pago: l.method.modalidad_pago,
      fecha_inicio: l.loan.fecha_inicio,
      monto_credito: toPesos(l.loan.monto_credito),
      monto_con_interes: toPesos(l.figures.montoConInteres),
      abono: toPesos(l.figures.abono),
      pagado: toPesos(l.pagado),
      pagos: l.payments.length,
    },
  };
}

/** The batch's clients: those an earlier import made (by key), and the rest inserted now. */
async function clientsOf(tx: Db, importer: Importer, loans: readonly PlannedLoan[]) {
  const known = await knownClients(
    tx,
    importer.accountId,
    loans.map((l) => l.clientKey),
  );
  const towns = importer.municipios === null ? null : new Set(importer.municipios);
  const issues: ImportIssue[] = [];
  for (const l of loans) {
    const client = known.get(l.clientKey);
    if (!client) continue;
    const key = l.loan.clave_cliente ? 'clave_cliente' : 'nombre';
    if (towns && !towns.has(client.municipality_id))
      issues.push({
        hoja: LOAN_SHEET,
        fila: l.loan.fila,
        columna: columnHeader('municipio'),
        campo: `loans.${l.index}.municipio`,
        mensaje: m.municipioNoExiste,
      });
    else if (client.open_loan)
      issues.push({
        hoja: LOAN_SHEET,
        fila: l.loan.fila,
        columna: columnHeader(key),
        campo: `loans.${l.index}.${key}`,
        mensaje: m.clienteConPrestamo(client.open_loan),
      });
  }
  if (issues.length > 0) throw issuesError(issues);
  const byKey = new Map([...known].map(([key, c]) => [key, c.id]));
  const created = await insertClients(
    tx,
    importer.accountId,
    loans
      .filter((l) => !known.has(l.clientKey))
      .map((l) => ({
        municipalityId: l.municipalityId,
        nombre: l.loan.nombre,
        telefono: l.loan.telefono,
        coordinadora: l.loan.coordinadora,
        empleado: l.loan.empleado,
        importKey: l.clientKey,
      })),
  );
  for (const [key, id] of created) byKey.set(key, id);
  return { byKey, created: created.size };
}
