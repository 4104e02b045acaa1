import { beforeAll, describe, expect, it } from 'vitest';
import { recomputeLoans } from '../../../server/loans/recompute';
import { addDays } from '../../../shared/dates';
import { deriveLoanState } from '../../../shared/loans/derived';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type LoanFixture,
} from '../helpers/loan-factory';
import { connectTestSql, createTenant } from '../helpers/test-db';

const sql = connectTestSql();
const TODAY = '2026-11-18';

interface StoredLoan {
  id: number;
  pagada: boolean;
  num_pago: number;
  vencido: boolean;
  closed_at: Date | null;
  version: number;
  total_pagos: number;
  fecha_fin: string;
}

async function stored(ids: number[]): Promise<Map<number, StoredLoan>> {
  const rows = await sql<
    StoredLoan[]
  >`select id, pagada, num_pago, vencido, closed_at, version::int as version,
      total_pagos, fecha_fin::text as fecha_fin
    from loans where id = any(${sql.array(ids)}::bigint[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

/** What shared/loans says the loan's derived fields are on `today`. */
async function expected(loanId: number, today: string) {
  const [loan] = await sql<{ total_pagos: number; fecha_fin: string }[]>`
    select total_pagos, fecha_fin::text as fecha_fin from loans where id = ${loanId}`;
  const rows = await sql<{ fecha_pago: string; pagada: boolean; renovo: boolean }[]>`
    select fecha_pago::text as fecha_pago, pagada, renovo from amortizations where loan_id = ${loanId}`;
  return deriveLoanState(rows, loan!.total_pagos, loan!.fecha_fin, today);
}

describe('recomputeLoans', () => {
  let accountId: number;
  let otherAccountId: number;
  let fresh: LoanFixture;
  let midway: LoanFixture;
  let paid: LoanFixture;
  let overdue: LoanFixture;
  let foreign: LoanFixture;
  let all: number[];

  beforeAll(async () => {
    const tenant = await createTenant(sql);
    accountId = tenant.accountId;
    const municipalityId = await createMunicipality(sql, accountId, { collectionDay: 'MIERCOLES' });
    const method = await createPaymentMethod(sql, accountId);
    const client = () => createClient(sql, accountId, municipalityId);
    const base = { accountId, municipalityId, paymentMethod: method, montoCredito: 5000, today: TODAY };
    const paidRow = { pagada: true };
    fresh = await createLoan(sql, { ...base, clientId: await client(), fechaInicio: TODAY });
    midway = await createLoan(sql, {
      ...base,
      clientId: await client(),
      fechaInicio: addDays(TODAY, -35),
      rows: [paidRow, paidRow, paidRow, { parcial: 100 }],
    });
    paid = await createLoan(sql, {
      ...base,
      clientId: await client(),
      fechaInicio: addDays(TODAY, -70),
      rows: Array.from({ length: 14 }, () => paidRow),
    });
    overdue = await createLoan(sql, {
      ...base,
      clientId: await client(),
      fechaInicio: addDays(TODAY, -140),
      rows: Array.from({ length: 10 }, () => paidRow),
    });
    all = [fresh.id, midway.id, paid.id, overdue.id];

    const other = await createTenant(sql);
    otherAccountId = other.accountId;
    const otherMunicipality = await createMunicipality(sql, otherAccountId);
    foreign = await createLoan(sql, {
      accountId: otherAccountId,
      municipalityId: otherMunicipality,
      clientId: await createClient(sql, otherAccountId, otherMunicipality),
      paymentMethod: await createPaymentMethod(sql, otherAccountId),
      montoCredito: 2000,
      fechaInicio: addDays(TODAY, -140),
      today: TODAY,
    });
  });

  it('starts from the factory state, which matches shared/loans', async () => {
    const loans = await stored(all);
    expect(loans.get(fresh.id)).toMatchObject({
      pagada: false,
      num_pago: 0,
      vencido: false,
      closed_at: null,
    });
    expect(loans.get(midway.id)).toMatchObject({ pagada: false, num_pago: 5, vencido: false });
    expect(loans.get(paid.id)).toMatchObject({ pagada: true, num_pago: 10, vencido: false });
    expect(loans.get(paid.id)!.closed_at).toBeInstanceOf(Date);
    expect(loans.get(overdue.id)).toMatchObject({ pagada: false, num_pago: 14, vencido: true });
  });

  it('writes nothing when nothing changed, so sync versions stay put', async () => {
    const before = await stored(all);
    expect(await recomputeLoans(sql, accountId, TODAY)).toEqual([]);
    const after = await stored(all);
    for (const id of all) expect(after.get(id)!.version).toBe(before.get(id)!.version);
  });

  it('repairs stale fields and matches deriveLoanState', async () => {
    await sql`update loans set num_pago = 0, vencido = false, closed_at = null
      where id = any(${sql.array(all)}::bigint[])`;
    const changed = await recomputeLoans(sql, accountId, TODAY);
    expect(changed.sort()).toEqual([midway.id, paid.id, overdue.id].sort());
    const loans = await stored(all);
    for (const id of all) {
      const e = await expected(id, TODAY);
      expect(loans.get(id)).toMatchObject({ pagada: e.pagada, num_pago: e.numPago, vencido: e.vencido });
      expect(loans.get(id)!.closed_at === null).toBe(!e.pagada);
    }
  });

  it('moves time-derived fields as days pass, touching only loans that change', async () => {
    const before = await stored(all);
    const nextWeek = addDays(TODAY, 7);
    const changed = await recomputeLoans(sql, accountId, nextWeek);
    // The paid loan keeps its fields until a new due date passes: num_pago still moves for it.
    expect(changed.sort()).toEqual([fresh.id, midway.id, paid.id].sort());
    const after = await stored(all);
    expect(after.get(fresh.id)!.num_pago).toBe(1);
    expect(after.get(midway.id)!.num_pago).toBe(6);
    expect(after.get(overdue.id)!.version).toBe(before.get(overdue.id)!.version);
    expect(after.get(paid.id)!.closed_at!.getTime()).toBe(before.get(paid.id)!.closed_at!.getTime());
    await recomputeLoans(sql, accountId, TODAY);
  });

  it('becomes vencido the day after fecha_fin, not on it', async () => {
    expect(await recomputeLoans(sql, accountId, fresh.fechaFin, [fresh.id])).toEqual([fresh.id]);
    expect((await stored([fresh.id])).get(fresh.id)).toMatchObject({ num_pago: 14, vencido: false });
    await recomputeLoans(sql, accountId, addDays(fresh.fechaFin, 1), [fresh.id]);
    expect((await stored([fresh.id])).get(fresh.id)).toMatchObject({ num_pago: 14, vencido: true });
    await recomputeLoans(sql, accountId, TODAY, [fresh.id]);
  });

  it('closes a loan when its last rows are paid, and only the listed loans', async () => {
    await sql`update loans set num_pago = 3 where id = ${fresh.id}`;
    await sql`update amortizations set pagada = true, fecha_pagada = ${TODAY}
      where loan_id = ${midway.id} and not pagada`;
    expect(await recomputeLoans(sql, accountId, TODAY, [midway.id])).toEqual([midway.id]);
    const loans = await stored([fresh.id, midway.id]);
    expect(loans.get(midway.id)).toMatchObject({ pagada: true, vencido: false });
    expect(loans.get(midway.id)!.closed_at).toBeInstanceOf(Date);
    expect(loans.get(fresh.id)!.num_pago).toBe(3); // not listed: left alone
    expect(await recomputeLoans(sql, accountId, TODAY, [fresh.id])).toEqual([fresh.id]);
  });

  it('counts renewed rows as settled', async () => {
    await sql`update amortizations set renovo = true where loan_id = ${overdue.id} and not pagada`;
    expect(await recomputeLoans(sql, accountId, TODAY)).toEqual([overdue.id]);
    const loan = (await stored([overdue.id])).get(overdue.id)!;
    expect(loan).toMatchObject({ pagada: true, vencido: false });
    expect(loan.closed_at).toBeInstanceOf(Date);
  });

  it('reopens a loan whose row is no longer paid and clears closed_at', async () => {
    const [row] = await sql<{ id: number }[]>`select id from amortizations
      where loan_id = ${paid.id} order by numero_pago desc limit 1`;
    await sql`update amortizations set pagada = false, fecha_pagada = null where id = ${row!.id}`;
    expect(await recomputeLoans(sql, accountId, TODAY)).toEqual([paid.id]);
    expect((await stored([paid.id])).get(paid.id)).toMatchObject({
      pagada: false,
      vencido: false,
      closed_at: null,
    });
  });

  it("never touches another account's loans, even when their ids are passed", async () => {
    await sql`update loans set vencido = false where id = ${foreign.id}`;
    expect(await recomputeLoans(sql, accountId, TODAY, [foreign.id])).toEqual([]);
    expect((await stored([foreign.id])).get(foreign.id)!.vencido).toBe(false);
    expect(await recomputeLoans(sql, otherAccountId, TODAY)).toEqual([foreign.id]);
    expect((await stored([foreign.id])).get(foreign.id)!.vencido).toBe(true);
  });

  it('does nothing for an empty id list', async () => {
    expect(await recomputeLoans(sql, accountId, addDays(TODAY, 30), [])).toEqual([]);
  });

  it('works inside a transaction', async () => {
    await sql.begin(async (tx) => {
      await tx`update loans set num_pago = 0 where id = ${midway.id}`;
      expect(await recomputeLoans(tx, accountId, TODAY, [midway.id])).toEqual([midway.id]);
    });
  });
});
