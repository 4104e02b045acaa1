// One account with a row of every kind the API names by id, made through the API where it can be, each text
// carrying the account's marker so a response that shows another account's data can be caught by a search.
import { randomUUID } from 'node:crypto';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import type { Sql } from '../../../server/db/connect';
import { addDays, businessToday } from '../../../shared/dates';
import { ALL_PERMISSIONS, type Permission, SEEDED_ROLES } from '../../../shared/permissions';
import { receiptNumber } from '../../../shared/receipts/receipt-number';
import { coverageWeekFor } from '../../../shared/sheets/coverage-week';
import type { PushResponse } from '../../../shared/sync/types';
import { type App, allBut, send } from '../catalog/helpers';
import { createClient, createLoan, createPaymentMethod } from '../helpers/loan-factory';
import { createTenant, loginToken } from '../helpers/test-db';
import type { Kind } from './routes';

export const TODAY = businessToday('America/Mexico_City');
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

async function created<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as { data: T };
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function pushAs(app: App, token: string, clientId: string, mutations: unknown[]) {
  const res = await send(app, 'POST', '/api/sync/push', token, { clientId, mutations });
  const body = (await res.json()) as PushResponse;
  if (res.status !== 200) throw new Error(`push: ${res.status} ${JSON.stringify(body)}`);
  return body.results.map((r) => r.status);
}

async function versionOf(sql: Sql, amortizationId: number) {
  const [row] = await sql<
    { version: number }[]
  >`select version from amortizations where id = ${amortizationId}`;
  return row!.version;
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

  const municipality = await created<{ id: number }>(
    await send(app, 'POST', '/api/municipalities', su, {
      name: `Municipio ${marker}`,
      collection_day: 'MIERCOLES',
    }),
    'municipio',
  );
  const newClient = async (nombre: string) =>
    (
      await created<{ id: number }>(
        await send(app, 'POST', '/api/clients', su, {
          nombre,
          telefono: '2221234567',
          municipality_id: municipality.id,
        }),
        'cliente',
      )
    ).id;
  const clientId = await newClient(`Cliente ${marker}`);
  const freeClientId = await newClient(`Cliente Libre ${marker}`);
  const editClientId = await createClient(sql, accountId, municipality.id, {
    nombre: `Cliente Aval ${marker}`,
  });

  const paymentMethod = await createPaymentMethod(sql, accountId);
  const week = coverageWeekFor('MIERCOLES', TODAY);
  const loan = await createLoan(sql, {
    accountId,
    clientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: 7000,
    fechaInicio: addDays(week.coverageWeek, -21),
    rows: [{ pagada: true }],
  });
  // Starts in two weeks: no payments and on no sheet, so 'Editar Préstamo' may change its money fields.
  const editableLoan = await createLoan(sql, {
    accountId,
    clientId: editClientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: 5000,
    fechaInicio: addDays(TODAY, 14),
  });

  const sheet = await created<{ id: number }>(
    await send(app, 'POST', '/api/hoja-de-cobro', su, { municipalityId: municipality.id }),
    'hoja',
  );

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

  // The collector's phone: a payment (its receipt), a visit and the day's cash count.
  const device = randomUUID();
  const receiptId = randomUUID();
  const [, second] = loan.amortizationIds;
  const paid = await pushAs(app, cobrador.token, device, [
    {
      id: 1,
      name: 'amortization.update',
      args: {
        receiptId,
        loanId: loan.id,
        amortizationId: second,
        baseVersion: await versionOf(sql, second!),
        pagada: true,
      },
    },
    {
      id: 2,
      name: 'visit.create',
      args: {
        receiptId: randomUUID(),
        loanId: loan.id,
        fecha: TODAY,
        motivo: 'OTRO',
        nota: `Visita ${marker}`,
      },
    },
    {
      id: 3,
      name: 'cash_count.create',
      args: { receiptId: randomUUID(), fecha: TODAY, contado: 100, nota: `Corte ${marker}` },
    },
  ]);
  // A payment corrected by the office and then, not having seen it, by its collector: a real disagreement.
  const paymentReceipt = randomUUID();
  const recorded = await pushAs(app, cobrador.token, device, [
    {
      id: 4,
      name: 'payment.record',
      args: { receiptId: paymentReceipt, loanId: loan.id, amount: 100, fecha: TODAY },
    },
  ]);
  const correction = (id: number, amount: number) => ({
    id,
    name: 'payment.correct',
    args: {
      receiptId: randomUUID(),
      paymentReceiptId: paymentReceipt,
      amount,
      reason: `Corrección ${marker}`,
    },
  });
  const office = await pushAs(app, su, randomUUID(), [correction(1, 90)]);
  const conflicted = await pushAs(app, cobrador.token, device, [correction(5, 80)]);
  const outcomes = [...paid, ...recorded, ...office, ...conflicted].join(',');
  if (outcomes !== 'applied,applied,applied,applied,applied,conflict')
    throw new Error(`pushes del mundo: ${outcomes}`);
  const [conflict] = await sql<
    { id: number }[]
  >`select id from sync_conflicts where account_id = ${accountId}`;

  const ids = {
    account: accountId,
    municipality: municipality.id,
    client: clientId,
    freeClient: freeClientId,
    paymentMethod: paymentMethod.id,
    loan: loan.id,
    editableLoan: editableLoan.id,
    // A pending row of the loan.
    amortization: loan.amortizationIds[6]!,
    sheet: sheet.id,
    catalogo: catalogo!.id,
    egreso: egreso.id,
    role: cobradorRole,
    user: spare.userId,
    collector: cobrador.userId,
    conflict: conflict!.id,
    receipt: receiptNumber(receiptId),
    device,
  } satisfies Ids;
  return { accountId, marker, superAdmin, admin, cobrador, adminRole, ids };
}

/** The ids a request of the world's own users uses: its sync device is a new one each time (no replays). */
export function ownIds(world: World): Ids {
  const ids = { ...world.ids };
  Object.defineProperty(ids, 'device', { get: () => randomUUID(), enumerable: true });
  return ids;
}
