// Set-up of the collector's-day tests (docs/reglas-del-negocio.md §9–§10): visit and cash-count mutations, a
// COBRADOR in an account.
import { randomUUID } from 'node:crypto';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import type { Sql } from '../../../server/db/connect';
import { SEEDED_ROLES } from '../../../shared/permissions';
import type { Mutation } from '../../../shared/sync/types';
import type { App } from './catalog';
import { loginToken } from './test-db';

export const visit = (id: number, args: Record<string, unknown>, clientTime = new Date().toISOString()) =>
  ({ id, name: 'visit.create', args: { receiptId: randomUUID(), ...args }, clientTime }) satisfies Mutation;

export const cashCount = (id: number, args: Record<string, unknown>) =>
  ({
    id,
    name: 'cash_count.create',
    args: { receiptId: randomUUID(), ...args },
    clientTime: new Date().toISOString(),
  }) satisfies Mutation;

/** A second user of the account with the seeded COBRADOR permissions, signed in. */
export async function addCobrador(sql: Sql, app: App, accountId: number, name = 'Cobrador Ruta') {
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${accountId}, ${`COBRADOR ${randomUUID().slice(0, 6).toUpperCase()}`}) returning id`;
  for (const permission of SEEDED_ROLES.COBRADOR)
    await sql`insert into role_permissions (role_id, permission) values (${role!.id}, ${permission})`;
  const email = `cobrador-${randomUUID().slice(0, 8)}@prueba.mx`;
  const password = 'secreto123';
  const [user] = await sql<
    { id: number }[]
  >`insert into users (account_id, role_id, name, email, password_hash)
    values (${accountId}, ${role!.id}, ${name}, ${email}, ${await hashPassword(password, QUICK_PASSWORD_COST)}) returning id`;
  return { userId: user!.id, roleId: role!.id, email, token: await loginToken(app, { email, password }) };
}
