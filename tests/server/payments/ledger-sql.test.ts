// The SQL twins of the ledger's rules (sql/020, decision 021), run on the same random ledgers as the shared
// TypeScript: the allocation (ledger_balances) and the rows it writes, each row's amount due
// (amortizations_default_monto ↔ rowAmounts), and the figures the triggers keep — what each day received
// (report_daily), what each loan still owes and since when (report_open_loans ↔ loan figures), what each sheet
// loan collected in its week (weekly_sheet_loans.cobrado).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../shared/dates';
import { abonoOf, montoConInteresOf } from '../../../shared/loans/calculation';
import { figuresRowOf, loanFigures } from '../../../shared/loans/figures';
import { rowAmounts } from '../../../shared/loans/schedule';
import { type Cents, cents, toCents } from '../../../shared/money';
import {
  allocateLedger,
  effectivePayments,
  type PaymentEvent,
  rowColumns,
} from '../../../shared/payments/ledger';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, createTenant } from '../helpers/test-db';

const sql = connectTestSql();
const c = (text: string) => toCents(text)!;
const START: IsoDate = '2026-09-02';

interface PaymentSpec {
  day: number;
  amount: number;
  aimed: number | null;
  /** A correction of this payment, made later: its new amount and how many days it moves the date. */
  correction: { amount: number; shift: number } | null;
}

const ledgerArb = fc.record({
  monto: fc.integer({ min: 1000, max: 9000 }),
  payments: fc.array(
    fc.record({
      // Few days, so payments of one date meet (their order is the receipt's) as often as payments of many.
      day: fc.constantFrom(0, 0, 7, 14, 21, 35, 49, 60),
      amount: fc.integer({ min: 1, max: 150_000 }),
      aimed: fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
      correction: fc.option(
        fc.record({ amount: fc.integer({ min: 0, max: 150_000 }), shift: fc.integer({ min: -3, max: 3 }) }),
        { nil: null },
      ),
    }),
    { maxLength: 10 },
  ),
});

async function ledgerWorld() {
  const tenant = await createTenant(sql);
  const municipalityId = await createMunicipality(sql, tenant.accountId, { collectionDay: 'MIERCOLES' });
  const paymentMethod = await createPaymentMethod(sql, tenant.accountId);
  return { tenant, municipalityId, paymentMethod };
}

/** A loan of `monto` with `payments` written straight into the ledger, and its rows derived by the SQL twin. */
async function loanWithLedger(
  world: Awaited<ReturnType<typeof ledgerWorld>>,
  monto: number,
  payments: PaymentSpec[],
) {
  const { tenant } = world;
  const loan = await createLoan(sql, {
    accountId: tenant.accountId,
    clientId: await createClient(sql, tenant.accountId, world.municipalityId),
    municipalityId: world.municipalityId,
    paymentMethod: world.paymentMethod,
    montoCredito: monto,
    fechaInicio: START,
    today: '2026-11-27',
  });
  for (const p of payments) {
    const [row] = await sql<
      { receipt_id: string; id: number }[]
    >`insert into payments (account_id, receipt_id,
        loan_id, kind, amount, fecha, amortization_id, user_id, origen)
      values (${tenant.accountId}, gen_random_uuid(), ${loan.id}, 'pago', ${(p.amount / 100).toFixed(2)},
        ${addDays(START, p.day)}, ${p.aimed === null ? null : loan.amortizationIds[p.aimed]!}, ${tenant.userId},
        'oficina')
      returning receipt_id, id`;
    if (p.correction)
      await sql`insert into payments (account_id, receipt_id, loan_id, kind, amount, fecha, corrects_id, reason,
          user_id, origen)
        values (${tenant.accountId}, gen_random_uuid(), ${loan.id}, 'correccion',
          ${(p.correction.amount / 100).toFixed(2)}, ${addDays(START, p.day + p.correction.shift)}, ${row!.id},
          'Revisión', ${tenant.userId}, 'oficina')`;
  }
  await sql`select ledger_write_rows(${sql.array([loan.id])}::bigint[])`;
  return loan;
}

async function eventsOf(loanId: number): Promise<PaymentEvent[]> {
  const rows = await sql<
    {
      id: number;
      receipt_id: string;
      kind: 'pago' | 'correccion';
      amount: string;
      fecha: string;
      amortization_id: number | null;
      corrects_id: number | null;
    }[]
  >`select id, receipt_id, kind, amount::text as amount, fecha::text as fecha, amortization_id, corrects_id
    from payments where loan_id = ${loanId} order by id`;
  return rows.map((r) => ({
    id: r.id,
    receiptId: r.receipt_id,
    kind: r.kind,
    amount: c(r.amount),
    fecha: r.fecha,
    amortizationId: r.amortization_id,
    correctsId: r.corrects_id,
  }));
}

async function rowsOf(loanId: number) {
  const rows = await sql<
    {
      id: number;
      numero_pago: number;
      fecha_pago: string;
      monto: string;
      pagada: boolean;
      parcial: string;
      fecha_pagada: string | null;
      renovo: boolean;
    }[]
  >`select id, numero_pago, fecha_pago::text as fecha_pago, monto::text as monto, pagada, parcial::text as parcial,
      fecha_pagada::text as fecha_pagada, renovo
    from amortizations where loan_id = ${loanId} order by numero_pago`;
  return rows.map((r) => ({ ...r, monto: c(r.monto), parcial: c(r.parcial) }));
}

describe('the ledger’s SQL twins give what the shared rules give', () => {
  it('allocation: ledger_balances and the rows it writes, on random ledgers with corrections', async () => {
    const world = await ledgerWorld();
    await fc.assert(
      fc.asyncProperty(ledgerArb, async ({ monto, payments }) => {
        const loan = await loanWithLedger(world, monto, payments);
        const rows = await rowsOf(loan.id);
        const twin = await sql<{ amortization_id: number; received: string; fecha_pagada: string | null }[]>`
          select amortization_id, received::text as received, fecha_pagada::text as fecha_pagada
          from ledger_balances(${sql.array([loan.id])}::bigint[])`;
        const shared = allocateLedger(rows, effectivePayments(await eventsOf(loan.id)));
        expect(
          twin.map((t) => ({ id: t.amortization_id, received: c(t.received), fechaPagada: t.fecha_pagada })),
        ).toEqual(rows.map((r) => ({ id: r.id, ...shared.balances.get(r.id)! })));
        // The stored columns are the shared rowColumns of those balances.
        for (const r of rows)
          expect({ pagada: r.pagada, parcial: r.parcial, fecha_pagada: r.fecha_pagada }).toEqual(
            rowColumns(r, shared.balances.get(r.id)!),
          );
      }),
      { numRuns: 25 },
    );
  });

  it('each row’s amount due: the insert trigger’s default is rowAmounts', async () => {
    const world = await ledgerWorld();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1000, max: 50_000 }), async (monto) => {
        const loan = await loanWithLedger(world, monto, []);
        const mci = montoConInteresOf(cents(monto * 100), 20);
        const expected = rowAmounts(mci, abonoOf(mci, 14), 14);
        expect((await rowsOf(loan.id)).map((r) => r.monto)).toEqual(expected);
        expect(expected.reduce((s, a) => s + a, 0)).toBe(mci);
      }),
      { numRuns: 15 },
    );
  });

  it('report_open_loans and report_daily keep the loan figures and the ledger’s sums', async () => {
    const world = await ledgerWorld();
    const today = '2026-11-27';
    const loans: number[] = [];
    await fc.assert(
      fc.asyncProperty(ledgerArb, async ({ monto, payments }) => {
        const loan = await loanWithLedger(world, monto, payments);
        loans.push(loan.id);
        const rows = await rowsOf(loan.id);
        const [open] = await sql<{ saldo: string; primer_pendiente: string }[]>`
          select saldo::text as saldo, primer_pendiente::text as primer_pendiente from report_open_loans
          where loan_id = ${loan.id}`;
        const [stored] = await sql<{ fecha_fin: string; monto_con_interes: string }[]>`
          select fecha_fin::text as fecha_fin, monto_con_interes::text as monto_con_interes
          from loans where id = ${loan.id}`;
        const week = { start: today, end: addDays(today, 6) };
        const figures = loanFigures(
          {
            monto_con_interes: c(stored!.monto_con_interes),
            fecha_inicio: START,
            fecha_fin: stored!.fecha_fin,
            modalidad_pago: 'SEMANAL',
            total_pagos: 14,
          },
          rows.map((r) => figuresRowOf({ ...r, monto: r.monto / 100, parcial: r.parcial / 100 })),
          today,
          week,
        );
        if (figures.outstanding === 0) expect(open).toBeUndefined();
        else {
          expect(c(open!.saldo)).toBe(figures.outstanding);
          const oldest = rows.find((r) => !r.pagada && !r.renovo)!.fecha_pago;
          expect(open!.primer_pendiente).toBe(oldest);
        }
      }),
      { numRuns: 20 },
    );
    // What each day received, by its collector: Σ of the payments as they stand, dated that day.
    const daily = await sql<
      { fecha: string; cobrado: string }[]
    >`select fecha::text as fecha, sum(cobrado)::text as cobrado
      from report_daily where account_id = ${world.tenant.accountId} group by fecha having sum(cobrado) <> 0
      order by fecha`;
    const sums = new Map<string, number>();
    for (const id of loans)
      for (const p of effectivePayments(await eventsOf(id)))
        if (p.amount !== 0) sums.set(p.fecha, (sums.get(p.fecha) ?? 0) + p.amount);
    expect(daily.map((d) => [d.fecha, c(d.cobrado)])).toEqual(
      [...sums].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)),
    );
  });

  it('a sheet loan’s cobrado is its payments dated in the sheet’s week, as they stand, through every event', async () => {
    const world = await ledgerWorld();
    await fc.assert(
      fc.asyncProperty(ledgerArb, async ({ monto, payments }) => {
        // A town of its own each time: one sheet per town and week.
        const town = { ...world, municipalityId: await createMunicipality(sql, world.tenant.accountId) };
        const loan = await loanWithLedger(town, monto, []);
        const coverage = '2026-09-30';
        const [sheet] = await sql<{ id: number }[]>`insert into weekly_sheets (account_id, municipality_id,
            coverage_week, coverage_week_end, week)
          values (${world.tenant.accountId}, ${town.municipalityId}, ${coverage}, ${addDays(coverage, 6)}, '2026-W40')
          returning id`;
        await sql`insert into weekly_sheet_loans (account_id, weekly_sheet_id, loan_id, monto_esperado,
            saldo_a_liquidar, client_id)
          values (${world.tenant.accountId}, ${sheet!.id}, ${loan.id}, 0, 0,
            (select client_id from loans where id = ${loan.id}))`;
        // The events arrive after the sheet exists: the trigger keeps its figure.
        for (const p of payments) {
          const [row] = await sql<
            { id: number }[]
          >`insert into payments (account_id, receipt_id, loan_id, kind,
              amount, fecha, user_id, origen)
            values (${world.tenant.accountId}, gen_random_uuid(), ${loan.id}, 'pago', ${(p.amount / 100).toFixed(2)},
              ${addDays(START, p.day)}, ${world.tenant.userId}, 'oficina') returning id`;
          if (p.correction)
            await sql`insert into payments (account_id, receipt_id, loan_id, kind, amount, fecha, corrects_id,
                reason, user_id, origen)
              values (${world.tenant.accountId}, gen_random_uuid(), ${loan.id}, 'correccion',
                ${(p.correction.amount / 100).toFixed(2)}, ${addDays(START, p.day + p.correction.shift)}, ${row!.id},
                'Revisión', ${world.tenant.userId}, 'oficina')`;
        }
        const inWeek = effectivePayments(await eventsOf(loan.id))
          .filter((p) => p.fecha >= coverage && p.fecha <= addDays(coverage, 6))
          .reduce((s, p) => s + p.amount, 0);
        const [kept] = await sql<{ cobrado: string; total: string }[]>`select w.cobrado::text as cobrado,
            s.monto_cobrado::text as total
          from weekly_sheet_loans w join weekly_sheets s on s.id = w.weekly_sheet_id
          where w.weekly_sheet_id = ${sheet!.id}`;
        expect(c(kept!.cobrado)).toBe(inWeek as Cents);
        expect(c(kept!.total)).toBe(inWeek as Cents);
      }),
      { numRuns: 20 },
    );
  });
});
