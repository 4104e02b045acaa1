import type { CashCount, RecordedByMethod } from '../../shared/cash-counts/types';
import type { IsoDate } from '../../shared/dates';
import { pesos } from '../../shared/money';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import type { Db } from '../db/connect';

/**
 * What the user received on `fecha`, per modalidad de pago: their payments of the ledger dated that day, as they
 * stand after corrections (decision 021) — the same sum the phone shows for the payments it recorded.
 */
export async function recordedByMethod(
  db: Db,
  accountId: number,
  userId: number,
  fecha: IsoDate,
): Promise<RecordedByMethod[]> {
  const rows = await db<{ modalidad_pago: string; pagos: number; monto: string }[]>`
    select l.modalidad_pago, count(*) filter (where e.amount > 0)::int as pagos, sum(e.amount) as monto
    from payments_effective e
    join loans l on l.id = e.loan_id and l.account_id = e.account_id
    where e.account_id = ${accountId} and e.user_id = ${userId} and e.fecha = ${fecha}::date
    group by l.modalidad_pago
    having sum(e.amount) <> 0 or count(*) filter (where e.amount > 0) > 0
    order by l.modalidad_pago`;
  return rows.map((r) => ({ modalidad_pago: r.modalidad_pago, pagos: r.pagos, monto: pesos(r.monto) }));
}

export interface CashCountWrite {
  accountId: number;
  userId: number;
  fecha: IsoDate;
  registrado: string;
  detalle: RecordedByMethod[];
  contado: string;
  diferencia: string;
  nota: string | null;
  receiptId: string;
  clientId: string;
  mutationId: number;
  clientTime: Date | null;
}

/** The new count's id, or null when its receipt is already stored. */
export async function insertCashCount(db: Db, w: CashCountWrite): Promise<number | null> {
  const [row] = await db<{ id: number }[]>`insert into cash_counts (account_id, user_id, fecha, registrado,
      detalle, contado, diferencia, nota, receipt_id, client_id, mutation_id, client_time)
    values (${w.accountId}, ${w.userId}, ${w.fecha}, ${w.registrado}, ${db.json(JSON.parse(JSON.stringify(w.detalle)))},
      ${w.contado}, ${w.diferencia}, ${w.nota}, ${w.receiptId}, ${w.clientId}, ${w.mutationId}, ${w.clientTime})
    on conflict (account_id, receipt_id) do nothing
    returning id`;
  return row?.id ?? null;
}

interface CashCountRow {
  id: number;
  user_id: number;
  user_name: string;
  fecha: string;
  registrado: string;
  detalle: RecordedByMethod[];
  contado: string;
  diferencia: string;
  nota: string | null;
  receipt_id: string;
  client_time: Date | null;
  created_at: Date;
}

/** The account's counts in a range of business dates, newest first, optionally of one user. */
export async function listCashCounts(
  db: Db,
  accountId: number,
  range: { desde: IsoDate; hasta: IsoDate; userId: number | null },
): Promise<CashCount[]> {
  const rows = await db<CashCountRow[]>`select c.id, c.user_id, u.name as user_name, c.fecha::text as fecha,
      c.registrado, c.detalle, c.contado, c.diferencia, c.nota, c.receipt_id, c.client_time, c.created_at
    from cash_counts c join users u on u.id = c.user_id
    where c.account_id = ${accountId} and c.fecha between ${range.desde}::date and ${range.hasta}::date
      ${range.userId === null ? db`` : db`and c.user_id = ${range.userId}`}
    order by c.fecha desc, c.id desc
    limit 2000`;
  return rows.map(({ receipt_id, ...r }) => ({
    ...r,
    receipt_number: receiptNumber(receipt_id),
    registrado: pesos(r.registrado),
    contado: pesos(r.contado),
    diferencia: pesos(r.diferencia),
    client_time: r.client_time?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
}
