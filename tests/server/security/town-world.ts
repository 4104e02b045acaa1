// A second town inside a world's account (DESIGN §9 assigned municipalities), and users of that account limited to
// the world's first town. Every text the town owns (its name, its clients' names, its loans' references, its visit
// note, its corrections' reason) carries the town's marker, so an answer to a limited user that shows the town's
// data can be caught by a search. Account-level rows (users, roles, expenses, investments, concepts, payment
// methods, the account's name) never carry it: a limited user may read those.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../server/db/connect';
import { addDays } from '../../../shared/dates';
import type { Permission } from '../../../shared/permissions';
import { receiptNumber } from '../../../shared/receipts/receipt-number';
import { coverageWeekFor } from '../../../shared/sheets/coverage-week';
import type { PushResponse } from '../../../shared/sync/types';
import { type App, roleIn, send } from '../catalog/helpers';
import { createClient, createLoan, createPaymentMethod } from '../helpers/loan-factory';
import { loginToken } from '../helpers/test-db';
import type { Kind } from './routes';
import { type Actor, addUser, type Ids, PASSWORD, TODAY, type World } from './world';

/** The kinds whose rows belong to a town: another town's id of these kinds must answer as one that does not exist. */
export const TOWN_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'municipality',
  'client',
  'freeClient',
  'loan',
  'editableLoan',
  'amortization',
  'sheet',
  'receipt',
  'conflict',
]);

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

async function created<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as { data: T };
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function pushAs(app: App, token: string, clientId: string, mutations: unknown[]) {
  const res = await send(app, 'POST', '/api/sync/push', token, { clientId, mutations });
  const body = (await res.json()) as PushResponse;
  if (res.status !== 200) throw new Error(`push del pueblo: ${res.status} ${JSON.stringify(body)}`);
  return body.results.map((r) => r.status);
}

export async function versionOf(sql: Sql, amortizationId: number) {
  const [row] = await sql<
    { version: number }[]
  >`select version from amortizations where id = ${amortizationId}`;
  return row!.version;
}

/** A marker for `newTown`: `PUEBLO` and six random characters, unlike any world's. */
export const townMarker = () => `PUEBLO${randomUUID().slice(0, 6).toUpperCase()}`;

/**
 * A second municipality of `world`'s account with the rows of a town, made the way buildWorld makes the first's:
 * three clients (one with a loan paid through sync by the account's unlimited collector, with a receipt, a visit and
 * a conflict; one without loans; one whose loan starts in two weeks), and the week's sheet.
 */
export async function newTown(sql: Sql, app: App, world: World, marker = townMarker()): Promise<Town> {
  const { accountId } = world;
  const su = world.superAdmin.token;
  // Rebuilt towns share the marker; what must be unique in the account gets a suffix of its own.
  const tag = randomUUID().slice(0, 4).toUpperCase();
  const municipality = await created<{ id: number }>(
    await send(app, 'POST', '/api/municipalities', su, {
      name: `Pueblo ${marker} ${tag}`,
      collection_day: 'MIERCOLES',
    }),
    'municipio del pueblo',
  );
  const newClient = async (nombre: string) =>
    (
      await created<{ id: number }>(
        await send(app, 'POST', '/api/clients', su, {
          nombre,
          telefono: '2227654321',
          municipality_id: municipality.id,
        }),
        'cliente del pueblo',
      )
    ).id;
  const clientId = await newClient(`Vecina ${marker}`);
  const freeClientId = await newClient(`Vecina Libre ${marker}`);
  const editClientId = await createClient(sql, accountId, municipality.id, {
    nombre: `Vecina Aval ${marker}`,
  });

  const paymentMethod = await createPaymentMethod(sql, accountId);
  const week = coverageWeekFor('MIERCOLES', TODAY);
  const loan = await createLoan(sql, {
    accountId,
    clientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: 8000,
    fechaInicio: addDays(week.coverageWeek, -21),
    rows: [{ pagada: true }],
    loanReference: `${marker}-${tag}-1`,
  });
  const editableLoan = await createLoan(sql, {
    accountId,
    clientId: editClientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: 4000,
    fechaInicio: addDays(TODAY, 14),
    loanReference: `${marker}-${tag}-2`,
  });

  const sheet = await created<{ id: number }>(
    await send(app, 'POST', '/api/hoja-de-cobro', su, { municipalityId: municipality.id }),
    'hoja del pueblo',
  );

  // The account's collector (every town) on a phone of its own: a payment with its receipt, a visit, a recorded
  // payment that the office and then the collector correct (a conflict).
  const collector = world.cobrador.token;
  const device = randomUUID();
  const receiptId = randomUUID();
  const paymentReceiptId = randomUUID();
  const [, second] = loan.amortizationIds;
  const first = await pushAs(app, collector, device, [
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
      name: 'payment.record',
      args: { receiptId: paymentReceiptId, loanId: loan.id, amount: 120, fecha: TODAY },
    },
  ]);
  const correction = (id: number, amount: number) => ({
    id,
    name: 'payment.correct',
    args: { receiptId: randomUUID(), paymentReceiptId, amount, reason: `Corrección ${marker}` },
  });
  const office = await pushAs(app, su, randomUUID(), [correction(1, 110)]);
  const conflicted = await pushAs(app, collector, device, [correction(4, 100)]);
  const outcomes = [...first, ...office, ...conflicted].join(',');
  if (outcomes !== 'applied,applied,applied,applied,conflict')
    throw new Error(`pushes del pueblo: ${outcomes}`);
  const [conflict] = await sql<{ id: number }[]>`
    select id from sync_conflicts where account_id = ${accountId} and loan_id = ${loan.id}`;
  if (!conflict) throw new Error('el pueblo no tiene conflicto');

  const ids: Ids = {
    ...world.ids,
    municipality: municipality.id,
    client: clientId,
    freeClient: freeClientId,
    loan: loan.id,
    editableLoan: editableLoan.id,
    amortization: loan.amortizationIds[6]!,
    sheet: sheet.id,
    conflict: conflict.id,
    receipt: receiptNumber(receiptId),
  };
  return {
    marker,
    ids,
    paymentReceiptId,
    loanIds: [loan.id, editableLoan.id],
    clientIds: [clientId, freeClientId, editClientId],
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
