// What processing reads: the sheet's loans with their rows now, and the devices that have not synced.
import type { SheetRow } from '../../shared/sheets/amounts';
import type { Db } from '../db/connect';
import { pesos } from '../loans/rows';

export interface ProcessLoan {
  loanId: number;
  loanReference: string;
  clientNombre: string;
  abono: string;
  expected: string;
  receivedBefore: string;
  /** The sheet's rows (the week's and the arrears) that no longer exist. */
  missingRows: number;
  rows: SheetRow[];
}

export async function sheetLoansForProcessing(db: Db, accountId: number, sheetId: number) {
  const loans = await db<
    {
      loan_id: number;
      loan_reference: string;
      client_nombre: string;
      abono: string;
      monto_esperado: string;
      cobrado_previo: string;
      missing: number;
    }[]
  >`select w.loan_id, l.loan_reference, c.nombre as client_nombre, l.abono, w.monto_esperado, w.cobrado_previo,
      (select count(*)::int from unnest(w.arrears_amortization_ids || w.amortization_id) x(id)
        where x.id is not null and not exists (select 1 from amortizations a
          where a.id = x.id and a.account_id = w.account_id and a.loan_id = w.loan_id)) as missing
    from weekly_sheet_loans w
    join loans l on l.id = w.loan_id and l.account_id = w.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    where w.account_id = ${accountId} and w.weekly_sheet_id = ${sheetId}
    order by l.grupo, c.nombre, w.loan_id`;
  if (loans.length === 0) return [];
  const rows = await db<(Omit<SheetRow, 'parcial'> & { loan_id: number; parcial: string })[]>`
    select a.loan_id, a.id, a.numero_pago, a.fecha_pago::text as fecha_pago, a.pagada, a.renovo, a.parcial
    from amortizations a
    where a.account_id = ${accountId} and a.loan_id = any(${db.array(loans.map((l) => l.loan_id))}::bigint[])
    order by a.loan_id, a.numero_pago`;
  const byLoan = new Map<number, SheetRow[]>(loans.map((l) => [l.loan_id, []]));
  for (const { loan_id, parcial, ...r } of rows) byLoan.get(loan_id)!.push({ ...r, parcial: pesos(parcial) });
  return loans.map(
    (l): ProcessLoan => ({
      loanId: l.loan_id,
      loanReference: l.loan_reference,
      clientNombre: l.client_nombre,
      abono: l.abono,
      expected: l.monto_esperado,
      receivedBefore: l.cobrado_previo,
      missingRows: l.missing,
      rows: byLoan.get(l.loan_id)!,
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

/** Payments that reached the server after the sheet was processed, one line per loan (audit log). */
export async function latePayments(db: Db, accountId: number, sheetId: number) {
  return db<{ loan_id: number; loan_reference: string; client_nombre: string }[]>`
    select distinct on (l.id) l.id as loan_id, l.loan_reference, c.nombre as client_nombre
    from weekly_sheets s
    join weekly_sheet_loans w on w.weekly_sheet_id = s.id and w.account_id = s.account_id
    join loans l on l.id = w.loan_id and l.account_id = w.account_id
    join clients c on c.id = l.client_id and c.account_id = l.account_id
    join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
    join audit_log g on g.account_id = s.account_id and g.entity = 'amortizations' and g.entity_id = a.id
    where s.account_id = ${accountId} and s.id = ${sheetId} and s.processed
      and g.server_time > s.proccessing_date
    order by l.id`;
}
