// What processing reads: the sheet's loans with what they collected in its week (kept by the ledger's trigger,
// sql/020), the promises of payment noted in the week, and the devices that have not synced.
import type { IsoDate } from '../../shared/dates';
import type { Db } from '../db/connect';

export interface ProcessLoan {
  loanId: number;
  loanReference: string;
  clientNombre: string;
  /** A COBRAR when the sheet was taken. */
  expected: string;
  /** The loan's payments dated in the sheet's week, as they stand. */
  collected: string;
  /** The sheet's rows (the week's and the arrears) that no longer exist. */
  missingRows: number;
  /** Renewed after the sheet was taken: its rows were settled by the new loan. */
  renewed: boolean;
  /** The latest promise of payment noted in the week, if any. */
  promesa: IsoDate | null;
}

export async function sheetLoansForProcessing(db: Db, accountId: number, sheetId: number) {
  const rows = await db<
    {
      loan_id: number;
      loan_reference: string;
      client_nombre: string;
      monto_esperado: string;
      cobrado: string;
      missing: number;
      renewed: boolean;
      promesa: IsoDate | null;
    }[]
  >`select w.loan_id, l.loan_reference, c.nombre as client_nombre, w.monto_esperado, w.cobrado,
      (select count(*)::int from unnest(w.arrears_amortization_ids || w.amortization_id) x(id)
        where x.id is not null and not exists (select 1 from amortizations a
          where a.id = x.id and a.account_id = w.account_id and a.loan_id = w.loan_id)) as missing,
      exists (select 1 from amortizations a where a.loan_id = l.id and a.account_id = l.account_id and a.renovo)
        and l.pagada as renewed,
      (select v.fecha_promesa::text from visits v
        where v.account_id = w.account_id and v.loan_id = w.loan_id and v.motivo = 'PROMESA'
          and v.fecha between s.coverage_week and s.coverage_week_end
        order by v.fecha desc, v.id desc limit 1) as promesa
    from weekly_sheet_loans w
    join weekly_sheets s on s.id = w.weekly_sheet_id and s.account_id = w.account_id
    join loans l on l.id = w.loan_id and l.account_id = w.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    where w.account_id = ${accountId} and w.weekly_sheet_id = ${sheetId}
    order by l.grupo, c.nombre, w.loan_id`;
  return rows.map(
    (r): ProcessLoan => ({
      loanId: r.loan_id,
      loanReference: r.loan_reference,
      clientNombre: r.client_nombre,
      expected: r.monto_esperado,
      collected: r.cobrado,
      missingRows: r.missing,
      renewed: r.renewed,
      promesa: r.promesa,
    }),
  );
}

/**
 * Devices of the account's users that have not talked to the server for more than 10 minutes but were in use
 * in the two weeks before the sheet: payments they recorded since may still be on the phone.
 */
export async function quietDevices(db: Db, accountId: number, sheetCreatedAt: Date) {
  return db<{ user_name: string; last_seen_at: Date }[]>`select u.name as user_name, d.last_seen_at
    from sync_clients d
    join users u on u.id = d.user_id
    where d.account_id = ${accountId}
      and d.last_seen_at < now() - interval '10 minutes'
      and d.last_seen_at > ${sheetCreatedAt}::timestamptz - interval '14 days'
    order by d.last_seen_at`;
}

/** Payments (or corrections) of the sheet's loans that reached the server after it was processed, one line per loan. */
export async function latePayments(db: Db, accountId: number, sheetId: number) {
  return db<{ loan_id: number; loan_reference: string; client_nombre: string }[]>`
    select distinct on (l.id) l.id as loan_id, l.loan_reference, c.nombre as client_nombre
    from weekly_sheets s
    join weekly_sheet_loans w on w.weekly_sheet_id = s.id and w.account_id = s.account_id
    join loans l on l.id = w.loan_id and l.account_id = w.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    join payments p on p.loan_id = l.id and p.account_id = l.account_id
    where s.account_id = ${accountId} and s.id = ${sheetId} and s.processed
      and p.created_at > s.proccessing_date
    order by l.id`;
}
