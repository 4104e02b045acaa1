// Issue 14, item 5: no edit silently overwrites a payment it had not seen. A base version above the row's is
// not taken as current, and the online calls carry the version their screen showed; either way the conflict
// policy of DESIGN §4 applies (the edit wins in arrival order, both values are kept for the office).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import type { SyncConflict } from '../../../shared/sync/types';
import { dataOf, expectError, send } from '../catalog/helpers';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { push, rowsOf, rowVersion, tenantWithLoans, update } from './helpers';

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

describe('an online edit from a stale screen does not silently overwrite a phone’s payment', () => {
  it('PUT with the version the screen showed: applied in arrival order, the phone’s payment kept in a conflict', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const shown = await rowVersion(sql, row);
    const phone = randomUUID();

    // The office screen shows the row at `shown`; meanwhile the collector's phone syncs a payment of 200.
    const pushed = await push(app, t.token, phone, [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: shown, parcial: 200 }),
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    const res = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, office.token, {
      parcial: 350,
      version: shown,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { conflict: boolean } }).data.conflict).toBe(true);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('350.00');

    const [conflict, ...more] = await conflictsOf(office.token);
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({
      loan_id: loan.id,
      amortization_id: row,
      server_value: { pagada: false, parcial: 200 },
      client_value: { parcial: 350, baseVersion: shown },
      applied_value: { parcial: 350 },
      server_user: { id: t.userId },
      server_client_id: phone,
      client_user: { id: office.userId },
      client_id: null,
      client_time: null,
      mutation_id: null,
    });
    expect(conflict!.applied_value.version).toBe(await rowVersion(sql, row));
  });

  it('aplicar-pago with the version the screen showed records it the same way', async () => {
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
      fecha_pagada: '2026-01-05',
      version: shown,
    });
    expect(res.status).toBe(200);
    expect(await conflictsOf(office.token)).toMatchObject([
      {
        amortization_id: row,
        server_value: { parcial: 120 },
        client_value: { parcial: 90, baseVersion: shown },
      },
    ]);
  });

  it('an online edit over what its screen showed (the current version) is no conflict', async () => {
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
    expect(((await res.json()) as { data: { conflict: boolean } }).data.conflict).toBe(false);
    expect(await conflictsOf(office.token)).toEqual([]);
  });

  it('a caller that sends no version still works; overriding someone else’s last change is recorded', async () => {
    const t = await tenantWithLoans(sql, app);
    const office = await colleagueOf(t);
    const loan = await t.addLoan();
    const [first, second] = loan.amortizationIds as [number, number];
    const phone = randomUUID();
    await push(app, t.token, phone, [
      update(1, { loanId: loan.id, amortizationId: first, baseVersion: 0, parcial: 200 }),
    ]);
    // Over the phone's payment: applied, and recorded.
    const over = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${first}`, office.token, {
      parcial: 300,
    });
    expect(over.status).toBe(200);
    // Over its own earlier online edit, or a row nobody had changed: nothing to record.
    await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${first}`, office.token, { parcial: 310 });
    await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${second}`, office.token, { parcial: 50 });
    expect(await conflictsOf(office.token)).toMatchObject([
      {
        amortization_id: first,
        server_value: { parcial: 200 },
        server_client_id: phone,
        client_value: { parcial: 300, baseVersion: null },
      },
    ]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('310.00');
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

describe('a base version above the row’s is not taken as current', () => {
  it('a push whose baseVersion is above the server’s is applied and recorded as a conflict', async () => {
    const t = await tenantWithLoans(sql, app);
    const colleague = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const other = randomUUID();
    // Another phone changes the row; then a forged (or pre-restore) base far ahead of it arrives.
    await push(app, colleague.token, other, [
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
    expect(res.results).toEqual([{ id: 1, status: 'conflict' }]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('350.00');
    expect(await conflictsOf(t.token)).toMatchObject([
      {
        amortization_id: row,
        server_value: { parcial: 200, version: current },
        client_value: { parcial: 350, baseVersion: current + 1000 },
        server_client_id: other,
        server_user: { id: colleague.userId },
      },
    ]);
  });

  it('above the server’s with nobody else’s change in between, still a conflict (nothing to name as the other)', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const res = await push(app, t.token, randomUUID(), [
      update(1, {
        loanId: loan.id,
        amortizationId: row,
        baseVersion: (await rowVersion(sql, row)) + 1,
        pagada: true,
      }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'conflict' }]);
    expect(await conflictsOf(t.token)).toMatchObject([
      { amortization_id: row, server_user: null, server_client_id: null, server_changed_at: null },
    ]);
  });

  it('online, a version above the row’s is a conflict too', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const res = await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, {
      parcial: 80,
      version: (await rowVersion(sql, row)) + 5,
    });
    expect(res.status).toBe(200);
    expect(await conflictsOf(t.token)).toMatchObject([{ amortization_id: row, client_id: null }]);
  });
});
