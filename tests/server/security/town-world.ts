// A second town inside a world's account (docs/reglas-del-negocio.md assigned municipalities), and users of that account limited to
// the world's first town. Every text the town owns (its name, its clients' names, its loans' references, its visit
// note, its corrections' reason) carries the town's marker, so an answer to a limited user that shows the town's
// data can be caught by a search. Account-level rows (users, roles, expenses, investments, concepts, payment
// methods, the account's name) never carry it: a limited user may read those.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../server/db/connect';
import type { Permission } from '../../../shared/permissions';
import { type App, roleIn, send } from '../helpers/catalog';
import { loginToken } from '../helpers/test-db';
import { townRows } from './town-rows';
import { type Actor, addUser, type Ids, PASSWORD, type World } from './world';

export interface Town {
  /** In every text the town owns; shared by every town built with it (a rebuilt town keeps it). */
  marker: string;
  /** The world's own ids, but the town-owned kinds, which are this town's. */
  ids: Ids;
  /** The sync receipt (UUID) of the town's recorded payment, which `payment.correct` names. */
  paymentReceiptId: string;
  /** Every loan and client of the town, to find them in a sync page. */
  loanIds: number[];
  clientIds: number[];
}

/** A marker for `newTown`: `PUEBLO` and six random characters, unlike any world's. */
export const townMarker = () => `PUEBLO${randomUUID().slice(0, 6).toUpperCase()}`;

/**
 * A second municipality of `world`'s account with the rows of a town, made the way buildWorld makes the first's:
 * three clients (one with a loan paid through sync by the account's unlimited collector, with a receipt, a visit and
 * a conflict; one without loans; one whose loan starts in two weeks), and the week's sheet.
 */
export async function newTown(sql: Sql, app: App, world: World, marker = townMarker()): Promise<Town> {
  // Rebuilt towns share the marker; what must be unique in the account gets a suffix of its own.
  const tag = randomUUID().slice(0, 4).toUpperCase();
  const rows = await townRows(sql, app, {
    accountId: world.accountId,
    marker,
    office: world.superAdmin.token,
    // The account's collector, of every town.
    collector: world.cobrador.token,
    municipalityName: `Pueblo ${marker} ${tag}`,
    clientName: 'Vecina',
    telefono: '2227654321',
    credits: [8000, 4000],
    payment: 120,
    loanReference: (n) => `${marker}-${tag}-${n}`,
  });
  const { loan, editableLoan, client, freeClient } = rows.ids;
  return {
    marker,
    ids: { ...world.ids, ...rows.ids },
    paymentReceiptId: rows.paymentReceiptId,
    loanIds: [loan, editableLoan],
    clientIds: [client, freeClient, rows.editClient],
  };
}

/**
 * A user of `world`'s account with a new role holding `permissions`, limited to `municipios` through
 * PUT /api/users/:id by the account's super administrator, and signed in afterwards.
 */
export async function addLimitedUser(
  sql: Sql,
  app: App,
  world: World,
  roleName: string,
  permissions: readonly Permission[],
  municipios: number[] | null,
): Promise<Actor & { roleId: number }> {
  const roleId = await roleIn(sql, world.accountId, `${roleName} ${world.marker}`, [...permissions]);
  const user = await addUser(sql, app, world.accountId, roleId, `${roleName} ${world.marker}`);
  if (municipios !== null) {
    const res = await send(app, 'PUT', `/api/users/${user.userId}`, world.superAdmin.token, {
      name: `${roleName} ${world.marker}`,
      email: user.email,
      account_id: world.accountId,
      role_id: roleId,
      municipios,
    });
    const body = (await res.json()) as { data: { municipios: number[] | null } };
    if (res.status !== 200 || JSON.stringify(body.data.municipios) !== JSON.stringify(municipios))
      throw new Error(`limitar al usuario: ${res.status} ${JSON.stringify(body)}`);
  }
  const token = await loginToken(app, { email: user.email, password: PASSWORD });
  return { ...user, token, roleId };
}
