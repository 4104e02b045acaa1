// The loans a sheet snapshots and the writes that store the snapshot (docs/reglas-del-negocio.md generation).
import type { IsoDate } from '../../shared/dates';
import type { FiguresLoan } from '../../shared/loans/figures';
import type { ModalidadPago } from '../../shared/loans/terms';
import { type Cents, toCents, toNumericText } from '../../shared/money';
import type { SheetRow } from '../../shared/sheets/amounts';
import { compareRoute, type RouteKey } from '../../shared/sheets/route-order';
import type { Db } from '../db/connect';

export interface SnapshotLoan {
  id: number;
  route: SheetRoute;
  loan: FiguresLoan;
  rows: SheetRow[];
}

/**
 * Every loan of the municipality that is not paid (active or vencido) with its rows, in two queries. Locked
 * `for update` after the account's version (the payments' lock order), so a payment waits for the snapshot.
 */
export async function loansForSnapshot(
  db: Db,
  accountId: number,
  municipalityId: number,
): Promise<SnapshotLoan[]> {
  const loans = await db<
    {
      id: number;
      monto_con_interes: string;
      fecha_inicio: IsoDate;
      fecha_fin: IsoDate;
      modalidad_pago: ModalidadPago;
      total_pagos: number;
      grupo: number;
      client_id: number;
      nombre: string;
      ref: string;
    }[]
  >`select l.id, l.monto_con_interes, l.fecha_inicio::text as fecha_inicio, l.fecha_fin::text as fecha_fin,
      l.modalidad_pago, l.total_pagos, l.grupo, l.client_id, c.nombre, l.loan_reference as ref
    from loans l
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    where l.account_id = ${accountId} and l.municipality_id = ${municipalityId} and not l.pagada
    order by l.id
    for update of l`;
  if (loans.length === 0) return [];
  const rows = await db<
    {
      loan_id: number;
      id: number;
      numero_pago: number;
      fecha_pago: IsoDate;
      monto: string;
      pagada: boolean;
      renovo: boolean;
      parcial: string;
    }[]
  >`
    select a.loan_id, a.id, a.numero_pago, a.fecha_pago::text as fecha_pago, a.monto, a.pagada, a.renovo, a.parcial
    from amortizations a
    where a.account_id = ${accountId} and a.loan_id = any(${db.array(loans.map((l) => l.id))}::bigint[])
    order by a.loan_id, a.numero_pago`;
  const byLoan = new Map<number, SheetRow[]>(loans.map((l) => [l.id, []]));
  for (const r of rows) {
    const monto = toCents(r.monto)!;
    byLoan.get(r.loan_id)!.push({
      id: r.id,
      numero_pago: r.numero_pago,
      fecha_pago: r.fecha_pago,
      monto,
      received: r.pagada ? monto : toCents(r.parcial)!,
      renovo: r.renovo,
    });
  }
  return loans.map((l) => ({
    id: l.id,
    route: { grupo: l.grupo, client_id: l.client_id, client_nombre: l.nombre, loan_reference: l.ref },
    loan: {
      monto_con_interes: toCents(l.monto_con_interes)!,
      fecha_inicio: l.fecha_inicio,
      fecha_fin: l.fecha_fin,
      modalidad_pago: l.modalidad_pago,
      total_pagos: l.total_pagos,
    },
    rows: byLoan.get(l.id)!,
  }));
}

/** Where the loan stands on the route when the sheet is taken: the order of the file and of the phone. */
export interface SheetRoute extends RouteKey {
  client_id: number;
}

export interface SheetLoanSnapshot {
  loanId: number;
  route: SheetRoute;
  amortizationId: number | null;
  arrearsIds: number[];
  expected: Cents;
  adeudo: Cents;
  receivedBefore: Cents;
  saldoALiquidar: Cents;
}

export async function insertSheet(
  db: Db,
  s: {
    accountId: number;
    municipalityId: number;
    coverageWeek: IsoDate;
    coverageWeekEnd: IsoDate;
    week: string;
    userId: number;
  },
): Promise<number> {
  const [row] = await db<{ id: number }[]>`insert into weekly_sheets (account_id, municipality_id,
      coverage_week, coverage_week_end, week, created_by)
    values (${s.accountId}, ${s.municipalityId}, ${s.coverageWeek}, ${s.coverageWeekEnd}, ${s.week}, ${s.userId})
    returning id`;
  await db`update weekly_sheets set url = ${`/api/weekly-sheets/${row!.id}/file`} where id = ${row!.id}`;
  return row!.id;
}

/**
 * Stores the snapshot: upserts one row per loan (a refreshed sheet keeps its rows' ids), removes the loans no
 * longer due, and sets the sheet's expected amount and week. Multi-row statements: 1,000 loans in three.
 */
export async function writeSnapshot(
  db: Db,
  accountId: number,
  sheetId: number,
  week: { coverageWeek: IsoDate; coverageWeekEnd: IsoDate; week: string },
  loans: readonly SheetLoanSnapshot[],
): Promise<void> {
  const ordered = [...loans].sort((a, b) => compareRoute(a.route, b.route));
  const col = <T>(pick: (l: SheetLoanSnapshot, orden: number) => T) => db.array(ordered.map(pick) as never[]);
  if (loans.length > 0) {
    // What each loan collected in the week so far: its payments dated in the week, as they stand (the same sum
    // the payments' trigger keeps from here on, sql/020).
    await db`insert into weekly_sheet_loans (account_id, weekly_sheet_id, loan_id, amortization_id,
        arrears_amortization_ids, monto_esperado, adeudo, saldo_a_liquidar, cobrado_previo, cobrado, grupo,
        client_id, client_nombre, loan_reference, orden_ruta)
      select ${accountId}, ${sheetId}, v.loan_id, v.amortization_id,
        coalesce((select array_agg(x::bigint) from jsonb_array_elements_text(v.arrears) x), '{}'),
        v.esperado, v.adeudo, v.saldo, v.previo,
        (select coalesce(sum(e.amount), 0) from payments_effective e where e.account_id = ${accountId}
          and e.loan_id = v.loan_id and e.fecha between ${week.coverageWeek}::date and ${week.coverageWeekEnd}::date),
        v.grupo, v.client_id, v.client_nombre, v.loan_reference, v.orden_ruta
      from unnest(
        ${col((l) => l.loanId)}::bigint[],
        ${col((l) => l.amortizationId)}::bigint[],
        ${col((l) => JSON.stringify(l.arrearsIds))}::jsonb[],
        ${col((l) => toNumericText(l.expected))}::numeric[],
        ${col((l) => toNumericText(l.adeudo))}::numeric[],
        ${col((l) => toNumericText(l.saldoALiquidar))}::numeric[],
        ${col((l) => toNumericText(l.receivedBefore))}::numeric[],
        ${col((l) => l.route.grupo)}::int[],
        ${col((l) => l.route.client_id)}::bigint[],
        ${col((l) => l.route.client_nombre)}::text[],
        ${col((l) => l.route.loan_reference)}::text[],
        ${col((_, orden) => orden)}::int[]
      ) as v(loan_id, amortization_id, arrears, esperado, adeudo, saldo, previo, grupo, client_id, client_nombre,
        loan_reference, orden_ruta)
      on conflict (weekly_sheet_id, loan_id) do update set
        amortization_id = excluded.amortization_id,
        arrears_amortization_ids = excluded.arrears_amortization_ids,
        monto_esperado = excluded.monto_esperado,
        adeudo = excluded.adeudo,
        saldo_a_liquidar = excluded.saldo_a_liquidar,
        cobrado = excluded.cobrado,
        cobrado_previo = excluded.cobrado_previo,
        grupo = excluded.grupo,
        client_id = excluded.client_id,
        client_nombre = excluded.client_nombre,
        loan_reference = excluded.loan_reference,
        orden_ruta = excluded.orden_ruta`;
  }
  await db`delete from weekly_sheet_loans
    where account_id = ${accountId} and weekly_sheet_id = ${sheetId}
      and not (loan_id = any(${col((l) => l.loanId)}::bigint[]))`;
  const total = loans.reduce((sum, l) => sum + l.expected, 0);
  await db`update weekly_sheets set monto_esperado = ${toNumericText(total as Cents)},
      monto_cobrado = (select coalesce(sum(w.cobrado), 0) from weekly_sheet_loans w
        where w.account_id = ${accountId} and w.weekly_sheet_id = ${sheetId}),
      coverage_week = ${week.coverageWeek}, coverage_week_end = ${week.coverageWeekEnd}, week = ${week.week},
      updated_at = now()
    where account_id = ${accountId} and id = ${sheetId}`;
}
