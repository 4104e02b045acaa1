// SQL of POST /api/imports/loans (server/imports/import-loans.ts). A batch writes hundreds of loans, thousands of
// schedule rows and payments: each table is one statement over arrays (unnest), not a statement per row, and
// the ledger then sets the rows' state exactly as for any payment (sql/020 ledger_write_rows).
import type { IsoDate } from '../../shared/dates';
import { type Cents, toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import type { MoneyFields } from '../loans/edit-queries';

/** Loans of the account already imported under these references. */
export async function importedReferences(db: Db, accountId: number, refs: readonly string[]) {
  const rows = await db<{ import_ref: string }[]>`select import_ref from loans
    where account_id = ${accountId} and import_ref = any(${db.array([...refs])}::text[])`;
  return new Set(rows.map((r) => r.import_ref));
}

export interface KnownClient {
  id: number;
  import_key: string;
  municipality_id: number;
  /** The client's loan that is not pagada, if any. */
  open_loan: string | null;
}

/** Clients an earlier import created under these keys, with their open loan. */
export async function knownClients(db: Db, accountId: number, keys: readonly string[]) {
  const rows = await db<KnownClient[]>`select c.id, c.import_key, c.municipality_id,
      (select l.loan_reference from loans l
        where l.account_id = c.account_id and l.client_id = c.id and not l.pagada) as open_loan
    from clients c
    where c.account_id = ${accountId} and c.import_key = any(${db.array([...keys])}::text[])`;
  return new Map(rows.map((r) => [r.import_key, r]));
}

export interface NewImportedClient {
  municipalityId: number;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
  importKey: string;
}

export async function insertClients(db: Db, accountId: number, clients: readonly NewImportedClient[]) {
  if (clients.length === 0) return new Map<string, number>();
  const rows = await db<{ id: number; import_key: string }[]>`insert into clients
      (account_id, municipality_id, nombre, telefono, coordinadora, empleado, import_key)
    select ${accountId}, * from unnest(
      ${db.array(clients.map((c) => c.municipalityId))}::bigint[],
      ${db.array(clients.map((c) => c.nombre))}::text[],
      ${db.array(clients.map((c) => c.telefono))}::text[],
      ${db.array(clients.map((c) => c.coordinadora))}::boolean[],
      ${db.array(clients.map((c) => c.empleado))}::boolean[],
      ${db.array(clients.map((c) => c.importKey))}::text[])
    returning id, import_key`;
  return new Map(rows.map((r) => [r.import_key, r.id]));
}

/** A loan's terms and figures are those an edit rewrites (`MoneyFields`), plus who, where and the file's reference. */
export interface NewImportedLoan extends MoneyFields {
  clientId: number;
  municipalityId: number;
  loanReference: string;
  grupo: number;
  nombreAval: string | null;
  telefonoAval: string | null;
  garantias: readonly string[];
  importRef: string;
}

/** The loans, as `insertLoan` writes one (pagada and vencido false, num_pago 0 until the recompute). */
export async function insertLoans(
  db: Db,
  accountId: number,
  userId: number,
  loans: readonly NewImportedLoan[],
): Promise<Map<string, number>> {
  const col = <T>(pick: (l: NewImportedLoan) => T) => db.array(loans.map(pick) as never[]);
  const rows = await db<{ id: number; import_ref: string }[]>`insert into loans (account_id, created_by,
      num_pago, pagada, vencido, client_id, municipality_id, payment_method_id, loan_reference, grupo,
      fecha_inicio, fecha_fin, monto_credito, monto_con_interes, monto_entregado, interes, modalidad_pago, abono,
      total_pagos, nombre_aval, telefono_aval, garantias, import_ref)
    select ${accountId}, ${userId}, 0, false, false, t.client_id, t.municipality_id, t.payment_method_id,
      t.loan_reference, t.grupo, t.fecha_inicio, t.fecha_fin, t.monto_credito, t.monto_con_interes,
      t.monto_entregado, t.interes, t.modalidad_pago, t.abono, t.total_pagos, t.nombre_aval, t.telefono_aval,
      t.garantias::jsonb, t.import_ref
    from unnest(
      ${col((l) => l.clientId)}::bigint[], ${col((l) => l.municipalityId)}::bigint[],
      ${col((l) => l.paymentMethodId)}::bigint[], ${col((l) => l.loanReference)}::text[],
      ${col((l) => l.grupo)}::int[], ${col((l) => l.fechaInicio)}::date[], ${col((l) => l.fechaFin)}::date[],
      ${col((l) => toNumericText(l.montoCredito))}::numeric[],
      ${col((l) => toNumericText(l.montoConInteres))}::numeric[],
      ${col((l) => toNumericText(l.montoEntregado))}::numeric[], ${col((l) => l.interes)}::numeric[],
      ${col((l) => l.modalidad)}::text[], ${col((l) => toNumericText(l.abono))}::numeric[],
      ${col((l) => l.totalPagos)}::int[], ${col((l) => l.nombreAval)}::text[],
      ${col((l) => l.telefonoAval)}::text[], ${col((l) => JSON.stringify(l.garantias))}::text[],
      ${col((l) => l.importRef)}::text[]
    ) as t(client_id, municipality_id, payment_method_id, loan_reference, grupo, fecha_inicio, fecha_fin,
      monto_credito, monto_con_interes, monto_entregado, interes, modalidad_pago, abono, total_pagos, nombre_aval,
      telefono_aval, garantias, import_ref)
    returning id, import_ref`;
  return new Map(rows.map((r) => [r.import_ref, r.id]));
}

export interface ImportedScheduleRow {
  loanId: number;
  numeroPago: number;
  referencia: string;
  fechaPago: IsoDate;
  monto: Cents;
}

export async function insertScheduleRows(db: Db, accountId: number, rows: readonly ImportedScheduleRow[]) {
  await db`insert into amortizations (account_id, loan_id, numero_pago, referencia, fecha_pago, monto)
    select ${accountId}, * from unnest(
      ${db.array(rows.map((r) => r.loanId))}::bigint[],
      ${db.array(rows.map((r) => r.numeroPago))}::int[],
      ${db.array(rows.map((r) => r.referencia))}::text[],
      ${db.array(rows.map((r) => r.fechaPago))}::date[],
      ${db.array(rows.map((r) => toNumericText(r.monto)))}::numeric[])`;
}

export interface ImportedPaymentEvent {
  receiptId: string;
  loanId: number;
  paymentMethodId: number;
  fecha: IsoDate;
  amount: Cents;
}

/**
 * Payments made before the import, origin 'importacion', with no collector: the money was received before the
 * account used the system, so it counts in no one's corte (who imported it is in the audit log).
 */
export async function insertImportedPayments(
  db: Db,
  accountId: number,
  events: readonly ImportedPaymentEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db`insert into payments (account_id, kind, origen, receipt_id, loan_id, payment_method_id, fecha, amount)
    select ${accountId}, 'pago', 'importacion', * from unnest(
      ${db.array(events.map((e) => e.receiptId))}::uuid[],
      ${db.array(events.map((e) => e.loanId))}::bigint[],
      ${db.array(events.map((e) => e.paymentMethodId))}::bigint[],
      ${db.array(events.map((e) => e.fecha))}::date[],
      ${db.array(events.map((e) => toNumericText(e.amount)))}::numeric[])`;
}

/** Each row's paid state, partial amount and paid date from the ledger, as any payment leaves them. */
export async function writeRowsFromLedger(db: Db, loanIds: readonly number[]): Promise<void> {
  await db`select ledger_write_rows(${db.array([...loanIds])}::bigint[])`;
}

/**
 * Brings the planner's statistics up to date on the tables a batch grows, when they have grown by half since last
 * read: an import grows them faster than autovacuum reads them, and with the statistics of a nearly empty table
 * the schedule's report trigger and the ledger scanned whole tables, each batch slower than the last (measured:
 * 0.4 s → 2.5 s for the schedule insert over 3,000 loans, then the statement timeout). Doubling keeps it to a few
 * ANALYZE runs per import.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  const stale = await db<{ relname: string }[]>`select relname from pg_stat_user_tables
    where schemaname = current_schema() and relname in ('clients', 'loans', 'amortizations', 'payments')
      and n_mod_since_analyze > greatest(1000, n_live_tup / 2)`;
  for (const { relname } of stale) await db`analyze ${db(relname)}`;
}
