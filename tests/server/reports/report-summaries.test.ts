import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../../server/db/connect';
import { send } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { buildLedger } from './ledger';

const sql = connectTestSql();
const app = testApp(sql);

/**
 * report_daily and report_open_loans as they are, and as the schedule and the ledger say they should be: what is
 * due from the rows' own amounts, what was received from the payments as they stand (sql/020).
 */
async function summariesAndTruth(db: Sql, accountId: number) {
  const kept = await db`
    select fecha::text, municipality_id::int, user_id::int, esperado::text, cobrado::text, pagos,
      round(interes_cobrado, 8)::text as interes
    from report_daily where account_id = ${accountId}
      and (esperado <> 0 or cobrado <> 0 or pagos <> 0 or interes_cobrado <> 0)
    order by 1, 2, 3`;
  const truth = await db`
    with c as (
      select a.fecha_pago as fecha, l.municipality_id, 0::bigint as user_id, a.monto as esperado,
        0::numeric as cobrado, 0 as pagos, 0::numeric as interes
      from amortizations a join loans l on l.id = a.loan_id where a.account_id = ${accountId} and not a.renovo
      union all
      select e.fecha, l.municipality_id, coalesce(e.user_id, 0), 0, e.amount, (e.amount > 0)::int,
        e.amount * l.interes / (100 + l.interes)
      from payments_effective e join loans l on l.id = e.loan_id
      where e.account_id = ${accountId}
    )
    select fecha::text, municipality_id::int, user_id::int, sum(esperado)::numeric(14,2)::text as esperado,
      sum(cobrado)::numeric(14,2)::text as cobrado, sum(pagos)::int as pagos, round(sum(interes), 8)::text as interes
    from c group by 1, 2, 3
    having sum(esperado) <> 0 or sum(cobrado) <> 0 or sum(pagos) <> 0
    order by 1, 2, 3`;
  const open = await db`
    select loan_id::int, saldo::text, primer_pendiente::text from report_open_loans
    where account_id = ${accountId} order by 1`;
  const openTruth = await db`
    select a.loan_id::int, sum(greatest(a.monto - a.parcial, 0))::text as saldo, min(a.fecha_pago)::text as primer_pendiente
    from amortizations a
    where a.account_id = ${accountId} and not a.pagada and not a.renovo
    group by 1 order by 1`;
  return { kept: [...kept], truth: [...truth], open: [...open], openTruth: [...openTruth] };
}

describe('report summaries (migrations 011, 020)', () => {
  it('follow payments, partial payments, corrections, reversals and deleted rows exactly', async () => {
    const tenant = await createTenant(sql);
    await buildLedger(sql, tenant.accountId, tenant.userId);
    const token = await loginToken(app, tenant);
    const start = await summariesAndTruth(sql, tenant.accountId);
    expect(start.kept).toEqual(start.truth);
    expect(start.open).toEqual(start.openTruth);

    const rows = await sql<{ id: number; loan_id: number }[]>`
      select a.id::int, a.loan_id::int from amortizations a
      where a.account_id = ${tenant.accountId} and not a.pagada and not a.renovo order by a.loan_id, a.numero_pago`;
    const [first, second, third] = rows;
    // A full payment, a partial one, then that partial one moved to another date and raised.
    expect(
      (
        await send(app, 'POST', '/api/aplicar-pago', token, {
          loan_id: first!.loan_id,
          id: first!.id,
          pagada: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/aplicar-pago', token, {
          loan_id: second!.loan_id,
          id: second!.id,
          monto_pagado: 35.5,
          fecha_pagada: '2026-10-02',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(app, 'POST', '/api/aplicar-pago', token, {
          loan_id: third!.loan_id,
          id: third!.id,
          monto_pagado: 2000,
          fecha_pagada: '2026-10-05',
        })
      ).status,
    ).toBe(200);
    // The partial one corrected to another amount and date, the full one reversed (ledger corrections), and a
    // row deleted (what an edit of an unpaid loan's schedule does).
    const [partial, full] = await sql<{ receipt_id: string }[]>`select receipt_id from payments
      where account_id = ${tenant.accountId} and origen = 'oficina' and amortization_id in (${second!.id}, ${first!.id})
      order by (amortization_id = ${second!.id}) desc`;
    const correct = (id: number, paymentReceiptId: string, amount: number, fecha?: string) => ({
      id,
      name: 'payment.correct',
      args: { receiptId: randomUUID(), paymentReceiptId, amount, fecha, reason: 'Revisión de caja' },
    });
    const pushed = await send(app, 'POST', '/api/sync/push', token, {
      clientId: randomUUID(),
      mutations: [correct(1, partial!.receipt_id, 12.34, '2026-10-09'), correct(2, full!.receipt_id, 0)],
    });
    expect(((await pushed.json()) as { results: { status: string }[] }).results.map((r) => r.status)).toEqual(
      ['applied', 'applied'],
    );
    await sql`delete from amortizations where id = ${rows.at(-2)!.id}`;

    const after = await summariesAndTruth(sql, tenant.accountId);
    expect(after.kept).toEqual(after.truth);
    expect(after.open).toEqual(after.openTruth);
    expect(after.kept).not.toEqual(start.kept);
  });

  it('a rolled-back payment leaves them untouched', async () => {
    const tenant = await createTenant(sql);
    await buildLedger(sql, tenant.accountId, tenant.userId);
    const before = await summariesAndTruth(sql, tenant.accountId);
    await sql
      .begin(async (tx) => {
        await tx`insert into payments (account_id, receipt_id, loan_id, kind, amount, fecha, origen)
          select ${tenant.accountId}, gen_random_uuid(), id, 'pago', 100, '2026-10-01', 'oficina'
          from loans where account_id = ${tenant.accountId}`;
        await tx`update amortizations set pagada = true, fecha_pagada = '2026-10-01'
          where account_id = ${tenant.accountId} and not pagada and not renovo`;
        throw new Error('rollback');
      })
      .catch(() => {});
    const after = await summariesAndTruth(sql, tenant.accountId);
    expect(after.kept).toEqual(before.kept);
    expect(after.open).toEqual(before.open);
  });
});
