// The generator's bulk writes: one statement per table and batch, each column sent as one array and
// expanded with unnest (a handful of parameters however many rows: no 65,535-parameter limit, one plan).
import type { Db } from '../../server/db/connect';
import type { BenchClientDraft } from './generate-people';
import type { AmortizationColumns, LoanColumns } from './generate-rows';

/** `count` ids taken from the table's identity sequence, so rows can reference each other before insert. */
export async function reserveIds(db: Db, table: 'clients' | 'loans', count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db<{ id: number }[]>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id
    from generate_series(1, ${count})`;
  return rows.map((r) => r.id);
}

export async function insertClients(
  db: Db,
  accountId: number,
  clients: readonly BenchClientDraft[],
  createdAt: readonly string[],
): Promise<void> {
  if (clients.length === 0) return;
  const col = <T>(pick: (c: BenchClientDraft) => T) => db.array(clients.map(pick) as never[]);
  await db`insert into clients
      (id, account_id, municipality_id, nombre, telefono, coordinadora, empleado, created_at, updated_at)
    overriding system value
    select u.id, ${accountId}::bigint, u.municipality_id, u.nombre, u.telefono, u.coordinadora, u.empleado,
      u.created_at, u.created_at
    from unnest(
      ${col((c) => c.plan.id)}::bigint[],
      ${col((c) => c.plan.municipalityId)}::bigint[],
      ${col((c) => c.nombre)}::text[],
      ${col((c) => c.telefono)}::text[],
      ${col((c) => c.coordinadora)}::boolean[],
      ${col((c) => c.empleado)}::boolean[],
      ${db.array([...createdAt])}::timestamptz[]
    ) as u(id, municipality_id, nombre, telefono, coordinadora, empleado, created_at)`;
}

export async function insertLoans(
  db: Db,
  accountId: number,
  c: LoanColumns,
  createdBy: number | null,
): Promise<void> {
  if (c.id.length === 0) return;
  const a = (values: readonly unknown[]) => db.array(values as never[]);
  await db`insert into loans (id, account_id, client_id, municipality_id,
      payment_method_id, previous_loan_id, loan_reference, grupo, fecha_inicio, fecha_fin, monto_credito,
      monto_con_interes, monto_entregado, interes, modalidad_pago, abono, total_pagos, num_pago, pagada, vencido,
      nombre_aval, telefono_aval, garantias, created_by, created_at, updated_at, closed_at)
    overriding system value
    select u.id, ${accountId}::bigint, u.client_id, u.municipality_id, u.payment_method_id, u.previous_loan_id,
      u.loan_reference, u.grupo, u.fecha_inicio, u.fecha_fin, u.monto_credito, u.monto_con_interes,
      u.monto_entregado, u.interes, u.modalidad_pago, u.abono, u.total_pagos, u.num_pago, u.pagada, u.vencido,
      u.nombre_aval, u.telefono_aval, u.garantias::jsonb, ${createdBy}::bigint, u.created_at,
      coalesce(u.closed_at, u.created_at), u.closed_at
    from unnest(
      ${a(c.id)}::bigint[], ${a(c.client_id)}::bigint[], ${a(c.municipality_id)}::bigint[],
      ${a(c.payment_method_id)}::bigint[], ${a(c.previous_loan_id)}::bigint[], ${a(c.loan_reference)}::text[],
      ${a(c.grupo)}::int[], ${a(c.fecha_inicio)}::date[], ${a(c.fecha_fin)}::date[],
      ${a(c.monto_credito)}::numeric[], ${a(c.monto_con_interes)}::numeric[], ${a(c.monto_entregado)}::numeric[],
      ${a(c.interes)}::numeric[], ${a(c.modalidad_pago)}::text[], ${a(c.abono)}::numeric[],
      ${a(c.total_pagos)}::int[], ${a(c.num_pago)}::int[], ${a(c.pagada)}::boolean[], ${a(c.vencido)}::boolean[],
      ${a(c.nombre_aval)}::text[], ${a(c.telefono_aval)}::text[], ${a(c.garantias)}::text[],
      ${a(c.created_at)}::timestamptz[], ${a(c.closed_at)}::timestamptz[]
    ) as u(id, client_id, municipality_id, payment_method_id, previous_loan_id, loan_reference, grupo,
      fecha_inicio, fecha_fin, monto_credito, monto_con_interes, monto_entregado, interes, modalidad_pago, abono,
      total_pagos, num_pago, pagada, vencido, nombre_aval, telefono_aval, garantias, created_at, closed_at)`;
}

export async function insertAmortizations(db: Db, accountId: number, c: AmortizationColumns): Promise<void> {
  if (c.loan_id.length === 0) return;
  const a = (values: readonly unknown[]) => db.array(values as never[]);
  await db`insert into amortizations (account_id, loan_id, numero_pago, referencia, fecha_pago, pagada, parcial,
      fecha_pagada, renovo, updated_by, updated_at)
    select ${accountId}::bigint, u.* from unnest(
      ${a(c.loan_id)}::bigint[], ${a(c.numero_pago)}::int[], ${a(c.referencia)}::text[],
      ${a(c.fecha_pago)}::date[], ${a(c.pagada)}::boolean[], ${a(c.parcial)}::numeric[],
      ${a(c.fecha_pagada)}::date[], ${a(c.renovo)}::boolean[], ${a(c.updated_by)}::bigint[],
      ${a(c.updated_at)}::timestamptz[]
    ) as u`;
}
