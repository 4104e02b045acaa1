// The SQL of the account export (export.ts): every table of one account's books, each query filtered by
// account_id (joins too), money and percentages read as text so they stay exact (numeric(14,2) → '1234.50'),
// business dates as 'YYYY-MM-DD', instants as Date. The tables under a loan or a sheet (schedule rows, payment
// events, visits, a sheet's loans) are read a page of parent ids at a time, through their parent's index.
import type { Db } from '../db/connect';

/** A row as the driver returns it: columns named as the export's fields. */
export type ExportRow = Record<string, unknown>;

/** The account, and the snapshot's time (the transaction's now()); undefined when there is no such account. */
export async function wholeAccount(db: Db, accountId: number) {
  const [row] = await db<{ id: number; name: string; created_at: Date; now: Date }[]>`
    select id, name, created_at, now() as now from accounts where id = ${accountId}`;
  return row;
}

export const clientRows = (db: Db, accountId: number) => db<ExportRow[]>`
  select c.id, c.nombre, c.telefono, c.municipality_id, m.name as municipio, c.coordinadora, c.empleado,
    c.created_at, c.updated_at
  from clients c
  join municipalities m on m.id = c.municipality_id and m.account_id = c.account_id
  where c.account_id = ${accountId}
  order by c.id`;

/** The ids of the account's loans, oldest first: the pages of everything read by loan. */
export async function loanIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db<{ id: number }[]>`select id from loans where account_id = ${accountId} order by id`;
  return rows.map((r) => r.id);
}

export const loanRows = (db: Db, accountId: number, ids: readonly number[]) => db<ExportRow[]>`
  select l.id, l.loan_reference, l.client_id, c.nombre as cliente, l.municipality_id, m.name as municipio,
    l.grupo, l.modalidad_pago, l.fecha_inicio::text as fecha_inicio, l.fecha_fin::text as fecha_fin,
    l.monto_credito::text as monto_credito, l.monto_con_interes::text as monto_con_interes,
    l.monto_entregado::text as monto_entregado, l.interes::text as interes, l.abono::text as abono,
    l.total_pagos, l.num_pago, l.pagada, l.vencido, l.previous_loan_id, l.nombre_aval, l.telefono_aval,
    l.garantias, l.notas, l.created_by, u.name as creado_por, l.created_at, l.closed_at
  from loans l
  join clients c on c.id = l.client_id and c.account_id = l.account_id
  join municipalities m on m.id = l.municipality_id and m.account_id = l.account_id
  left join users u on u.id = l.created_by
  where l.account_id = ${accountId} and l.id = any(${db.array([...ids])}::bigint[])
  order by l.id`;

/** Each row with its own amount due (`monto`, docs/reglas-del-negocio.md §3.3) and what it holds. */
export const scheduleRows = (db: Db, accountId: number, loanIds: readonly number[]) => db<ExportRow[]>`
  select a.id, a.loan_id, l.loan_reference, a.numero_pago, a.referencia, a.fecha_pago::text as fecha_pago,
    a.monto::text as monto, a.pagada, a.parcial::text as parcial, a.fecha_pagada::text as fecha_pagada,
    a.renovo, a.updated_by, u.name as actualizado_por, a.updated_at
  from amortizations a
  join loans l on l.id = a.loan_id and l.account_id = a.account_id
  left join users u on u.id = a.updated_by
  where a.account_id = ${accountId} and a.loan_id = any(${db.array([...loanIds])}::bigint[])
  order by a.loan_id, a.numero_pago`;

/**
 * The ledger's events (docs/reglas-del-negocio.md §4): every payment and correction as recorded, with what a
 * correction corrects, and for a payment what it stands at after its latest correction (the view
 * payments_effective's rule).
 */
export const paymentRows = (db: Db, accountId: number, loanIds: readonly number[]) => db<ExportRow[]>`
  select p.id, p.receipt_id::text as receipt_id, p.loan_id, l.loan_reference, p.kind, p.amount::text as amount,
    p.fecha::text as fecha,
    case when p.kind = 'pago' then coalesce(v.amount, p.amount)::text end as monto_vigente,
    case when p.kind = 'pago' then coalesce(v.fecha, p.fecha)::text end as fecha_vigente,
    p.amortization_id, a.numero_pago as fila_numero_pago, p.corrects_id,
    o.receipt_id::text as corrige_recibo_id, p.reason, p.payment_method_id, pm.modalidad_pago, p.user_id,
    u.name as usuario, p.client_id::text as dispositivo, p.mutation_id, p.client_time, p.created_at, p.origen
  from payments p
  join loans l on l.id = p.loan_id and l.account_id = p.account_id
  left join amortizations a on a.id = p.amortization_id and a.account_id = p.account_id
  left join payments o on o.id = p.corrects_id and o.account_id = p.account_id
  left join payment_methods pm on pm.id = p.payment_method_id and pm.account_id = p.account_id
  left join users u on u.id = p.user_id
  left join lateral (select y.amount, y.fecha from payments y
    where y.corrects_id = p.id and y.account_id = p.account_id order by y.id desc limit 1) v on p.kind = 'pago'
  where p.account_id = ${accountId} and p.loan_id = any(${db.array([...loanIds])}::bigint[])
  order by p.loan_id, p.id`;

export const visitRows = (db: Db, accountId: number, loanIds: readonly number[]) => db<ExportRow[]>`
  select v.id, v.receipt_id::text as receipt_id, v.loan_id, l.loan_reference, v.user_id, u.name as usuario,
    v.motivo, v.fecha::text as fecha, v.fecha_promesa::text as fecha_promesa, v.nota,
    v.client_id::text as dispositivo, v.mutation_id, v.client_time, v.created_at
  from visits v
  join loans l on l.id = v.loan_id and l.account_id = v.account_id
  left join users u on u.id = v.user_id
  where v.account_id = ${accountId} and v.loan_id = any(${db.array([...loanIds])}::bigint[])
  order by v.loan_id, v.id`;

export const cashCountRows = (db: Db, accountId: number) => db<ExportRow[]>`
  select k.id, k.receipt_id::text as receipt_id, k.user_id, u.name as usuario, k.fecha::text as fecha,
    k.registrado::text as registrado, k.contado::text as contado, k.diferencia::text as diferencia, k.detalle,
    k.nota, k.client_id::text as dispositivo, k.mutation_id, k.client_time, k.created_at
  from cash_counts k
  left join users u on u.id = k.user_id
  where k.account_id = ${accountId}
  order by k.id`;

export const sheetRows = (db: Db, accountId: number) => db<ExportRow[]>`
  select s.id, s.municipality_id, m.name as municipio, s.week, s.coverage_week::text as coverage_week,
    s.coverage_week_end::text as coverage_week_end, s.monto_esperado::text as monto_esperado,
    s.monto_cobrado::text as monto_cobrado, s.processed, s.proccessing_date, s.processed_by,
    p.name as procesada_por, s.log, s.created_by, g.name as generada_por, s.created_at, s.updated_at
  from weekly_sheets s
  join municipalities m on m.id = s.municipality_id and m.account_id = s.account_id
  left join users p on p.id = s.processed_by
  left join users g on g.id = s.created_by
  where s.account_id = ${accountId}
  order by s.id`;

/** What each sheet snapshotted of each loan, and what it collected in its week. */
export const sheetLoanRows = (db: Db, accountId: number, sheetIds: readonly number[]) => db<ExportRow[]>`
  select w.id, w.weekly_sheet_id, s.week, w.loan_id, w.loan_reference, w.client_id, w.client_nombre, w.grupo,
    w.orden_ruta, w.amortization_id, w.arrears_amortization_ids, w.monto_esperado::text as monto_esperado,
    w.saldo_a_liquidar::text as saldo_a_liquidar, w.adeudo::text as adeudo, w.cobrado::text as cobrado,
    w.cobrado_previo::text as cobrado_previo, w.created_at
  from weekly_sheet_loans w
  join weekly_sheets s on s.id = w.weekly_sheet_id and s.account_id = w.account_id
  where w.account_id = ${accountId} and w.weekly_sheet_id = any(${db.array([...sheetIds])}::bigint[])
  order by w.weekly_sheet_id, w.orden_ruta, w.id`;

export const egresoRows = (db: Db, accountId: number) => db<ExportRow[]>`
  select e.id, e.fecha::text as fecha, e.importe::text as importe, e.responsable, e.catalogo_egreso_id,
    ce.identificador, ce.concepto, ce.tipo, e.created_by, u.name as registrado_por, e.created_at, e.updated_at
  from egresos e
  join catalogo_egresos ce on ce.id = e.catalogo_egreso_id and ce.account_id = e.account_id
  left join users u on u.id = e.created_by
  where e.account_id = ${accountId}
  order by e.fecha, e.id`;

export const inversionRows = (db: Db, accountId: number) => db<ExportRow[]>`
  select i.id, i.fecha::text as fecha, i.importe::text as importe, i.responsable, i.tipo, i.descripcion,
    i.created_by, u.name as registrado_por, i.created_at
  from inversiones i
  left join users u on u.id = i.created_by
  where i.account_id = ${accountId}
  order by i.fecha, i.id`;
