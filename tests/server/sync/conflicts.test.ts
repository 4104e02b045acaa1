import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEEDED_ROLES } from '../../../shared/permissions';
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

describe('conflict policy for money', () => {
  it('an edit over a change it had not seen is applied in arrival order and recorded with both values', async () => {
    const t = await tenantWithLoans(sql, app);
    const colleague = await colleagueOf(t);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    const phoneA = randomUUID();
    const phoneB = randomUUID();

    // Both phones saw the row at `base`. A syncs first (partial 200), then B (partial 350).
    const first = await push(app, t.token, phoneA, [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 200 }),
    ]);
    expect(first.results).toEqual([{ id: 1, status: 'applied' }]);
    const clientTime = '2026-01-05T15:30:00.000Z';
    const second = await push(app, colleague.token, phoneB, [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 350 }, clientTime),
    ]);
    expect(second.results).toEqual([{ id: 1, status: 'conflict' }]);
    expect((await rowsOf(sql, loan.id))[0]!.parcial).toBe('350.00');

    const list = await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token));
    expect(list).toHaveLength(1);
    const conflict = list[0]!;
    expect(conflict).toMatchObject({
      loan_id: loan.id,
      loan_reference: loan.loanReference,
      amortization_id: row,
      numero_pago: 1,
      server_value: { pagada: false, parcial: 200 },
      client_value: { parcial: 350, baseVersion: base },
      applied_value: { pagada: false, parcial: 350 },
      server_user: { id: t.userId },
      server_client_id: phoneA,
      client_user: { id: colleague.userId },
      client_id: phoneB,
      client_time: clientTime,
      mutation_id: 1,
      reviewed_at: null,
    });
    expect(conflict.server_changed_at).not.toBeNull();

    const reviewed = await dataOf<SyncConflict>(
      await send(app, 'POST', `/api/sync/conflicts/${conflict.id}/review`, t.token),
    );
    expect(reviewed.reviewed_by).toEqual({ id: t.userId, name: expect.any(String) });
    expect(await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', t.token))).toEqual([]);
    const all = await dataOf<SyncConflict[]>(
      await send(app, 'GET', '/api/sync/conflicts?reviewed=all', t.token),
    );
    expect(all.map((c) => c.id)).toEqual([conflict.id]);
  });

  it('a device’s own earlier edits are not a conflict, even with an old baseVersion', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    const res = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 100 }),
      update(2, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 300 }),
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('an online edit the device had not seen is a conflict too', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    await send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${row}`, t.token, { parcial: 50 });
    const res = await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 80 }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'conflict' }]);
  });

  it('the list is for office roles, and only the account’s', async () => {
    const collector = await tenantWithLoans(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(await send(app, 'GET', '/api/sync/conflicts', collector.token), 403, 'FORBIDDEN');
    const office = await tenantWithLoans(sql, app);
    expect(await dataOf<SyncConflict[]>(await send(app, 'GET', '/api/sync/conflicts', office.token))).toEqual(
      [],
    );
    await expectError(
      await send(app, 'POST', '/api/sync/conflicts/999999999/review', office.token),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await send(app, 'GET', '/api/sync/conflicts?reviewed=quizas', office.token),
      400,
      'VALIDATION',
    );
  });
});
