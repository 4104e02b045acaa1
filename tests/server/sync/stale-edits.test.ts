// Under the ledger (decision 021), no edit overwrites a payment it had not seen (decision 015). A row edit is the
// difference between the row as its author's screen showed it (the version it carries) and the state asked for,
// recorded as an event of its own; the phone's payment stays, and both count (docs/sincronizacion.md: payments
// add up).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import type { SyncConflict } from '../../../shared/sync/types';
import { dataOf, expectError, send } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { eventsOf, push, rowsOf, rowVersion, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** A second user of the same account, with the same role. */
async function colleagueOf(t: { accountId: number; roleId: number }) {
  const other = await createTenant(sql);
  await sql`update users set role_id = null where id = ${other.userId}`;
  await sql`update users set account_id = ${t.accountId}, role_id = ${t.roleId} where id = ${other.userId}`;
  return { ...other, token: await loginToken(app, other) };
}

const conflictsOf = async (token: string) =>
  dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', token));

describe('an online edit from a stale screen never overwrites a phone’s payment', () => {
  it('PUT with the version the screen showed: the office’s amount is added beside the phone’s', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const shown = await rowVersion(sql, row);
    const phone = randomUUID();

    // The office screen shows the row at `shown` (nothing paid); meanwhile the phone syncs a payment of 200.
    const pushed = await push(app, t.token, phone, [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: shown, parcial: 200 }),
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    const res = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, office.token, {
      parcial: 350,
      version: shown,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { conflict: boolean } }).data.conflict).toBe(false);
    // 200 from the phone and 350 from the office: 550 on the row, each event with its author.
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('550.00');
    expect((await eventsOf(sql, [loan.id])).map((e) => [e.amount, e.user_id, e.client_id])).toEqual([
      ['200.00', t.userId, phone],
      ['350.00', office.userId, null],
    ]);
    expect(await conflictsOf(office.token)).toEqual([]);
  });

  it('aplicar-pago with the version the screen showed does the same', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const shown = await rowVersion(sql, row);
    await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: shown, parcial: 120 }),
    ]);
    const res = await send(app, 'POST', '/api/aplicar-pago', office.token, {
      loan_id: loan.id,
      id: row,
      monto_pagado: 90,
      fecha_pagada: (await rowsOf(sql, loan.id))[0]!.fecha_pagada,
      version: shown,
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('210.00');
  });

  it('an edit over what its screen showed (the current version) adds only the difference', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    await push(app, t.token, randomUUID(), [
      update(1, {
        loanId: loan.id,
        amortizationId: row,
        baseVersion: await rowVersion(sql, row),
        parcial: 200,
      }),
    ]);
    const res = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, office.token, {
      parcial: 350,
      version: await rowVersion(sql, row),
    });
    expect(res.status).toBe(200);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('350.00');
    expect((await eventsOf(sql, [loan.id])).map((e) => e.amount)).toEqual(['200.00', '150.00']);
  });

  it('a caller that sends no version edits the row as it is; a smaller amount corrects its payments', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const [first] = loan.amortizationIds as [number];
    await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: first, baseVersion: 0, parcial: 200 }),
    ]);
    expect(
      (await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${first}`, office.token, { parcial: 310 }))
        .status,
    ).toBe(200);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('310.00');
    // Down to 250: 60 taken back from the newest payment on the row (the office's 110, now 50).
    expect(
      (await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${first}`, office.token, { parcial: 250 }))
        .status,
    ).toBe(200);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('250.00');
    expect((await eventsOf(sql, [loan.id])).map((e) => [e.kind, e.amount])).toEqual([
      ['pago', '200.00'],
      ['pago', '110.00'],
      ['correccion', '50.00'],
    ]);
  });

  it('a version that is not a whole number ≥ 0 is refused in Spanish', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    for (const version of [-1, 1.5, 'diez', 2 ** 60]) {
      await expectError(
        await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, {
          parcial: 1,
          version,
        }),
        400,
        'VALIDATION',
      );
      await expectError(
        await send(app, 'POST', '/api/aplicar-pago', t.token, {
          loan_id: loan.id,
          id: row,
          pagada: true,
          version,
        }),
        400,
        'VALIDATION',
      );
    }
    const res = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, {
      parcial: 1,
      version: -1,
    });
    expect(JSON.stringify(await res.json())).toContain(pm.versionInvalida);
  });
});

describe('a base version above the row’s', () => {
  it('is read as the row as it is now (a forged or pre-restore base adds only the difference)', async () => {
    const t = await tenantWithLoans(sql, app);
    const colleague = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    await push(app, colleague.token, randomUUID(), [
      update(1, {
        loanId: loan.id,
        amortizationId: row,
        baseVersion: await rowVersion(sql, row),
        parcial: 200,
      }),
    ]);
    const current = await rowVersion(sql, row);
    const res = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: current + 1000, parcial: 350 }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('350.00');
    const online = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, {
      parcial: 400,
      version: current + 5000,
    });
    expect(online.status).toBe(200);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('400.00');
    expect(await conflictsOf(t.token)).toEqual([]);
  });
});
