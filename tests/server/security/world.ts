// One account with a row of every kind the API names by id, made through the API where it can be, each text
// carrying the account's marker so a response that shows another account's data can be caught by a search.
import { randomUUID } from 'node:crypto';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import type { Sql } from '../../../server/db/connect';
import { ALL_PERMISSIONS, type Permission, SEEDED_ROLES } from '../../../shared/permissions';
import { type App, allBut, send } from '../helpers/catalog';
import { createTenant, loginToken } from '../helpers/test-db';
import type { Kind } from './routes';
import { created, TODAY, townRows } from './town-rows';

export { TODAY };
export const PASSWORD = 'secreto123';

export interface Actor {
  userId: number;
  email: string;
  token: string;
}

/** One id per kind. A getter may answer a new value on each read (the attacker's own sync device). */
export type Ids = Record<Kind, number | string>;

export interface World {
  accountId: number;
  /** In every name, note and concept of the account: finding it in another account's response is a leak. */
  marker: string;
  /** Every permission, CUENTAS_GESTIONAR included. */
  superAdmin: Actor;
  /** Every permission but CUENTAS_GESTIONAR: an administrator of this account only. */
  admin: Actor;
  cobrador: Actor;
  /** The administrator's role, for more users like them. */
  adminRole: number;
  ids: Ids;
}

let passwordHash: Promise<string> | undefined;

export async function addUser(
  sql: Sql,
  app: App,
  accountId: number,
  roleId: number,
  name: string,
): Promise<Actor> {
  passwordHash ??= hashPassword(PASSWORD, QUICK_PASSWORD_COST);
  const email = `seguridad-${randomUUID().slice(0, 12)}@prueba.mx`;
  const [user] = await sql<
    { id: number }[]
  >`insert into users (account_id, role_id, name, email, password_hash)
    values (${accountId}, ${roleId}, ${name}, ${email}, ${await passwordHash}) returning id`;
  return { userId: user!.id, email, token: await loginToken(app, { email, password: PASSWORD }) };
}

async function addRole(sql: Sql, accountId: number, name: string, permissions: readonly Permission[]) {
  const [role] = await sql<{ id: number }[]>`insert into roles (account_id, role_name)
    values (${accountId}, ${name}) returning id`;
  for (const permission of permissions)
    await sql`insert into role_permissions (role_id, permission) values (${role!.id}, ${permission})`;
  return role!.id;
}

/**
 * An account with users (super administrator, administrator, collector, a spare user), a municipality, three
 * clients, a loan with payments (one through sync, with its receipt), a loan without payments, the week's
 * sheet, an expense with its concept, an investment, a visit, a cash count and a sync conflict.
 */
export async function buildWorld(sql: Sql, app: App, label: string): Promise<World> {
  const marker = `SECRETO${label}${randomUUID().slice(0, 6).toUpperCase()}`;
  const tenant = await createTenant(sql, {
    permissions: ALL_PERMISSIONS,
    roleName: `ADMINISTRADOR ${marker}`,
  });
  const { accountId } = tenant;
  await sql`update accounts set name = ${`Cuenta ${marker}`} where id = ${accountId}`;
  await sql`update users set name = ${`Dueño ${marker}`} where id = ${tenant.userId}`;
  const superAdmin = { userId: tenant.userId, email: tenant.email, token: await loginToken(app, tenant) };
  const su = superAdmin.token;

  const adminRole = await addRole(sql, accountId, `ADMIN ${marker}`, allBut('CUENTAS_GESTIONAR'));
  const admin = await addUser(sql, app, accountId, adminRole, `Administrador ${marker}`);
  const cobradorRole = await addRole(sql, accountId, `COBRADOR ${marker}`, SEEDED_ROLES.COBRADOR);
  const cobrador = await addUser(sql, app, accountId, cobradorRole, `Cobrador ${marker}`);
  const spare = await addUser(sql, app, accountId, cobradorRole, `Auxiliar ${marker}`);

  const town = await townRows(sql, app, {
    accountId,
    marker,
    office: su,
    collector: cobrador.token,
    municipalityName: `Municipio ${marker}`,
    clientName: 'Cliente',
    telefono: '2221234567',
    credits: [7000, 5000],
    payment: 100,
    // The day's cash count, before the payment the office corrects.
    dayEnd: (id) => [
      {
        id,
        name: 'cash_count.create',
        args: { receiptId: randomUUID(), fecha: TODAY, contado: 100, nota: `Corte ${marker}` },
      },
    ],
  });

  const [catalogo] = await sql<
    { id: number }[]
  >`insert into catalogo_egresos (account_id, identificador, concepto, tipo)
    values (${accountId}, ${`C-${marker}`}, ${`Concepto ${marker}`}, 'OPERACION') returning id`;
  const egreso = await created<{ id: number }>(
    await send(app, 'POST', '/api/guardar-egreso', su, {
      fecha: TODAY,
      importe: 150,
      responsable: `Responsable ${marker}`,
      id_catalogo: catalogo!.id,
    }),
    'egreso',
  );
  await created(
    await send(app, 'POST', '/api/guardar-inversion', su, {
      fecha: TODAY,
      importe: 500,
      responsable: `Socio ${marker}`,
      tipo: 'Aportacion',
      descripcion: `Aporte ${marker}`,
    }),
    'inversión',
  );

  const ids = {
    account: accountId,
    ...town.ids,
    paymentMethod: town.paymentMethod,
    catalogo: catalogo!.id,
    egreso: egreso.id,
    role: cobradorRole,
    user: spare.userId,
    collector: cobrador.userId,
    device: town.device,
  } satisfies Ids;
  return { accountId, marker, superAdmin, admin, cobrador, adminRole, ids };
}

/** The ids a request of the world's own users uses: its sync device is a new one each time (no replays). */
export function ownIds(world: World): Ids {
  const ids = { ...world.ids };
  Object.defineProperty(ids, 'device', { get: () => randomUUID(), enumerable: true });
  return ids;
}
