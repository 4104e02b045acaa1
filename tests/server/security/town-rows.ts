// The rows of one town of an account (a municipality, its clients and loans, the week's sheet, a collector's
// payments and visit, a conflict), made through the API where it can be, each text carrying a marker so an answer
// that shows the town's data to someone who may not read it can be caught by a search. The attack suite's worlds
// (world.ts) and the second town of an account (town-world.ts) are both made by it.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../server/db/connect';
import { addDays, businessToday } from '../../../shared/dates';
import { receiptNumber } from '../../../shared/receipts/receipt-number';
import { coverageWeekFor } from '../../../shared/sheets/coverage-week';
import type { PushResponse } from '../../../shared/sync/types';
import { type App, send } from '../helpers/catalog';
import { createClient, createLoan, createPaymentMethod } from '../helpers/loan-factory';
import type { Kind } from './routes';

export const TODAY = businessToday('America/Mexico_City');

/** The body's data of a 200 or 201, or an error naming `what`. */
export async function created<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as { data: T };
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Each mutation's outcome ('applied', 'conflict', …) of a push from device `clientId`. */
export async function pushAs(app: App, token: string, clientId: string, mutations: unknown[]) {
  const res = await send(app, 'POST', '/api/sync/push', token, { clientId, mutations });
  const body = (await res.json()) as PushResponse;
  if (res.status !== 200) throw new Error(`push: ${res.status} ${JSON.stringify(body)}`);
  return body.results.map((r) => r.status);
}

/** The row's current version, which an `amortization.update` must name to apply. */
export async function versionOf(sql: Sql, amortizationId: number) {
  const [row] = await sql<
    { version: number }[]
  >`select version from amortizations where id = ${amortizationId}`;
  return row!.version;
}

const townKinds = [
  'municipality',
  'townName',
  'client',
  'freeClient',
  'loan',
  'editableLoan',
  'amortization',
  'sheet',
  'receipt',
  'conflict',
] as const satisfies readonly Kind[];
export type TownKind = (typeof townKinds)[number];

/** The kinds whose rows belong to a town: another town's id of these kinds must answer as one that does not exist. */
export const TOWN_KINDS: ReadonlySet<Kind> = new Set(townKinds);

export interface TownPlan {
  accountId: number;
  marker: string;
  /** A token with every permission: makes the rows through the API and corrects the payment at the office. */
  office: string;
  /** A collector of every town of the account, paying from a phone of its own. */
  collector: string;
  municipalityName: string;
  /** What the clients are called before `Libre`, `Aval` and the marker: `Cliente`, `Vecina`. */
  clientName: string;
  telefono: string;
  /** Pesos lent: the loan with payments, and the one that starts in two weeks. */
  credits: [number, number];
  /** Pesos of the recorded payment: the office corrects it to 10 less, its collector (unaware) to 20 less. */
  payment: number;
  /** The references of the loans (1 and 2) when they must carry the marker; the account's next number if not. */
  loanReference?: (n: 1 | 2) => string;
  /** Pushed by the collector after its visit and before the recorded payment (the world's cash count). */
  dayEnd?: (id: number) => unknown[];
}

export interface TownRows {
  /** The town's row of each kind it owns: the first client's loan has payments, the free client has no loan. */
  ids: Record<Exclude<TownKind, 'receipt' | 'townName'>, number> & { receipt: string; townName: string };
  /** The client whose loan starts in two weeks (ids.editableLoan's). */
  editClient: number;
  /** The account's payment method of the loans (one per account and mode). */
  paymentMethod: number;
  /** The collector's phone. */
  device: string;
  /** The sync receipt (UUID) of the recorded payment, which `payment.correct` names. */
  paymentReceiptId: string;
}

/**
 * Three clients (one with a loan paid through sync by the collector, with a receipt, a visit and a conflict; one
 * without loans; one whose loan starts in two weeks), and the week's sheet of the municipality.
 */
export async function townRows(sql: Sql, app: App, plan: TownPlan): Promise<TownRows> {
  const { accountId, marker, office } = plan;
  const municipality = await created<{ id: number }>(
    await send(app, 'POST', '/api/municipalities', office, {
      name: plan.municipalityName,
      collection_day: 'MIERCOLES',
    }),
    `municipio ${marker}`,
  );
  const newClient = async (nombre: string) =>
    (
      await created<{ id: number }>(
        await send(app, 'POST', '/api/clients', office, {
          nombre,
          telefono: plan.telefono,
          municipality_id: municipality.id,
        }),
        `cliente ${marker}`,
      )
    ).id;
  const clientId = await newClient(`${plan.clientName} ${marker}`);
  const freeClientId = await newClient(`${plan.clientName} Libre ${marker}`);
  const editClientId = await createClient(sql, accountId, municipality.id, {
    nombre: `${plan.clientName} Aval ${marker}`,
  });

  const paymentMethod = await createPaymentMethod(sql, accountId);
  const week = coverageWeekFor('MIERCOLES', TODAY);
  const loan = await createLoan(sql, {
    accountId,
    clientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: plan.credits[0],
    fechaInicio: addDays(week.coverageWeek, -21),
    rows: [{ pagada: true }],
    loanReference: plan.loanReference?.(1),
  });
  // Starts in two weeks: no payments and on no sheet, so 'Editar Préstamo' may change its money fields.
  const editableLoan = await createLoan(sql, {
    accountId,
    clientId: editClientId,
    municipalityId: municipality.id,
    paymentMethod,
    montoCredito: plan.credits[1],
    fechaInicio: addDays(TODAY, 14),
    loanReference: plan.loanReference?.(2),
  });

  const sheet = await created<{ id: number }>(
    await send(app, 'POST', '/api/hoja-de-cobro', office, { municipalityId: municipality.id }),
    `hoja ${marker}`,
  );

  // The collector's phone: a paid row (its receipt) and a visit, what the caller adds to its day, then a payment
  // corrected by the office and afterwards, not having seen it, by its collector: a real disagreement.
  const device = randomUUID();
  const receiptId = randomUUID();
  const paymentReceiptId = randomUUID();
  const [, second] = loan.amortizationIds;
  const dayEnd = plan.dayEnd?.(3) ?? [];
  let next = 3 + dayEnd.length;
  const visited = await pushAs(app, plan.collector, device, [
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
    ...dayEnd,
  ]);
  const recorded = await pushAs(app, plan.collector, device, [
    {
      id: next++,
      name: 'payment.record',
      args: { receiptId: paymentReceiptId, loanId: loan.id, amount: plan.payment, fecha: TODAY },
    },
  ]);
  const correction = (id: number, amount: number) => ({
    id,
    name: 'payment.correct',
    args: { receiptId: randomUUID(), paymentReceiptId, amount, reason: `Corrección ${marker}` },
  });
  const atOffice = await pushAs(app, office, randomUUID(), [correction(1, plan.payment - 10)]);
  const conflicted = await pushAs(app, plan.collector, device, [correction(next, plan.payment - 20)]);
  const outcomes = [...visited, ...recorded, ...atOffice, ...conflicted].join(',');
  if (outcomes !== `${'applied,'.repeat(4 + dayEnd.length)}conflict`)
    throw new Error(`pushes de ${marker}: ${outcomes}`);
  const [conflict] = await sql<{ id: number }[]>`
    select id from sync_conflicts where account_id = ${accountId} and loan_id = ${loan.id}`;
  if (!conflict) throw new Error(`${marker} no tiene conflicto`);

  return {
    ids: {
      municipality: municipality.id,
      townName: plan.municipalityName,
      client: clientId,
      freeClient: freeClientId,
      loan: loan.id,
      editableLoan: editableLoan.id,
      // A pending row of the loan.
      amortization: loan.amortizationIds[6]!,
      sheet: sheet.id,
      // The collector's paid row.
      receipt: receiptNumber(receiptId),
      conflict: conflict.id,
    },
    editClient: editClientId,
    paymentMethod: paymentMethod.id,
    device,
    paymentReceiptId,
  };
}
