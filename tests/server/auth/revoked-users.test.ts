import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import type { Sql } from '../../../server/db/connect';
import { mensajes } from '../../../shared/messages';
import { expectError, send } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { auditRows, rowsOf, tenantWithLoans, update } from '../sync/helpers';
import { login, refresh } from './auth-helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** A second user in the tenant's account and role, signed in: the one whose access is taken away. */
async function colleague(db: Sql, t: { accountId: number; roleId: number }) {
  const email = `colega-${randomUUID().slice(0, 8)}@prueba.mx`;
  const password = 'secreto123';
  const [row] = await db<{ id: number }[]>`insert into users (account_id, role_id, name, email, password_hash)
    values (${t.accountId}, ${t.roleId}, 'Colega', ${email}, ${await hashPassword(password, QUICK_PASSWORD_COST)}) returning id`;
  const session = await login(app, { email, password });
  return { id: row!.id, email, password, token: session.token, refreshToken: session.refreshToken };
}

/** A read, an online payment and a sync push with `token`: each must be refused as not signed in. */
async function expectLockedOut(token: string, loan: { id: number; amortizationIds: number[] }) {
  const [first] = loan.amortizationIds;
  const before = await rowsOf(sql, loan.id);
  await expectError(
    await send(app, 'GET', `/api/loans/${loan.id}`, token),
    401,
    'UNAUTHENTICATED',
    mensajes.noAutenticado,
  );
  await expectError(
    await send(app, 'POST', '/api/aplicar-pago', token, { loan_id: loan.id, id: first, pagada: true }),
    401,
    'UNAUTHENTICATED',
    mensajes.noAutenticado,
  );
  const mutation = update(1, { loanId: loan.id, amortizationId: first!, baseVersion: 1, pagada: true });
  await expectError(
    await send(app, 'POST', '/api/sync/push', token, { clientId: randomUUID(), mutations: [mutation] }),
    401,
    'UNAUTHENTICATED',
    mensajes.noAutenticado,
  );
  expect(await rowsOf(sql, loan.id)).toEqual(before);
  expect(await auditRows(sql, loan.amortizationIds)).toEqual([]);
}

describe('access tokens of users who lost their access', () => {
  it('a user deleted through the API: their still-valid token reads and writes nothing, and cannot refresh', async () => {
    const admin = await tenantWithLoans(sql, app);
    const loan = await admin.addLoan();
    const gone = await colleague(sql, admin);
    // Their token works, and this process now remembers them as active.
    expect((await send(app, 'GET', `/api/loans/${loan.id}`, gone.token)).status).toBe(200);

    expect((await send(app, 'DELETE', `/api/delete-user/${gone.id}`, admin.token)).status).toBe(200);

    await expectLockedOut(gone.token, loan);
    expect((await refresh(app, gone.refreshToken)).status).toBe(401);
    // The administrator, still active, is unaffected.
    expect((await send(app, 'GET', `/api/loans/${loan.id}`, admin.token)).status).toBe(200);
  });

  it('a user moved to another account (no longer one of this account): the old token is refused', async () => {
    const admin = await tenantWithLoans(sql, app);
    const loan = await admin.addLoan();
    const moved = await colleague(sql, admin);
    expect((await send(app, 'GET', `/api/loans/${loan.id}`, moved.token)).status).toBe(200);
    const other = await createTenant(sql);

    const res = await send(app, 'PUT', `/api/users/${moved.id}`, admin.token, {
      name: 'Colega',
      email: moved.email,
      account_id: other.accountId,
      role_id: other.roleId,
    });
    expect(res.status, await res.clone().text()).toBe(200);

    await expectLockedOut(moved.token, loan);
    expect((await refresh(app, moved.refreshToken)).status).toBe(401);
    // A new login gives a token of the new account, which works there.
    const fresh = await loginToken(app, moved);
    expect((await send(app, 'GET', '/api/payment-methods', fresh)).status).toBe(200);
  });

  it('a user deleted straight in the database: a process that has not seen them since refuses the token', async () => {
    const admin = await tenantWithLoans(sql, app);
    const loan = await admin.addLoan();
    const gone = await colleague(sql, admin);
    await sql`delete from users where id = ${gone.id}`;
    await expectLockedOut(gone.token, loan);
  });

  it('within the seconds a process still remembers a user deleted elsewhere, writes are refused, never a 500', async () => {
    const admin = await tenantWithLoans(sql, app);
    const loan = await admin.addLoan();
    const [first] = loan.amortizationIds;
    const gone = await colleague(sql, admin);
    // This process checks them (active) and remembers it; then another process deletes them.
    expect((await send(app, 'GET', `/api/loans/${loan.id}`, gone.token)).status).toBe(200);
    await sql`delete from users where id = ${gone.id}`;
    const before = await rowsOf(sql, loan.id);

    const paid = await send(app, 'POST', '/api/aplicar-pago', gone.token, {
      loan_id: loan.id,
      id: first,
      pagada: true,
    });
    // Refused before any write (their municipality scope no longer exists): a 4xx, whichever.
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.status).toBeLessThan(500);
    // The push reaches a write stamped with their id: the users foreign key refuses it, answered as 401.
    const pushed = await send(app, 'POST', '/api/sync/push', gone.token, {
      clientId: randomUUID(),
      mutations: [update(1, { loanId: loan.id, amortizationId: first!, baseVersion: 1, pagada: true })],
    });
    await expectError(pushed, 401, 'UNAUTHENTICATED', mensajes.noAutenticado);
    expect(await rowsOf(sql, loan.id)).toEqual(before);
    expect(await auditRows(sql, loan.amortizationIds)).toEqual([]);
  });
});
