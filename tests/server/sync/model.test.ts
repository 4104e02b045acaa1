// Randomized model test of the sync protocol (docs/sincronizacion.md): several devices (real device stores under
// fake-indexeddb) record payments offline and sync through a faulty network with the real app and database,
// while the office edits the same loans online. Along the way, a loan with pending payments never vanishes
// from its phone, and a run that ends with nothing pending leaves the phone exactly as the server is. At the
// end every device holds exactly the server's rows, every payment arrived exactly once (its receipt once in the
// ledger, decision 021), and the rows are what the shared allocation makes of the ledger's events. Seeded: a
// failure names its seed and prints the last steps.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { recordPayment } from '../../../client/mutators/record-payment';
import { LocalDb } from '../../../client/store/database';
import { isPaymentEntry, type PaymentOutboxEntry } from '../../../client/store/local-types';
import { getMeta, setMeta } from '../../../client/store/meta';
import { scheduleOf } from '../../../client/store/schedules';
import { type SyncTransport, syncOnce } from '../../../client/sync/run';
import { hashPassword, QUICK_PASSWORD_COST } from '../../../server/auth/passwords';
import { addDays, type IsoDate } from '../../../shared/dates';
import { type Cents, cents, formatCents, toCents, toPesos } from '../../../shared/money';
import { allocateLedger, effectivePayments, rowColumns } from '../../../shared/payments/ledger';
import type { PaymentEdit } from '../../../shared/payments/row-edit';
import type { AmortizationUpdateInput } from '../../../shared/payments/schemas';
import type { PullRequest, PushRequest, PushResponse } from '../../../shared/sync/types';
import { allRows } from '../../client/helpers/schedule-rows';
import { roleIn, send } from '../helpers/catalog';
import type { RowState } from '../helpers/loan-factory';
import { connectTestSql, loginToken, testApp } from '../helpers/test-db';
import { TODAY, tenantWithLoans } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

const PUSH = '/api/sync/push';
const PULL = '/api/sync/pull';
const DAY_MS = 24 * 3600 * 1000;

// ---------------------------------------------------------------------------------------------------------
// A seeded generator (mulberry32): the same seed makes the same run, whatever the database's ids are.

interface Rng {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, chance: (p) => next() < p, pick: (items) => items[int(items.length)]! };
}

// ---------------------------------------------------------------------------------------------------------
// The world of one run.

interface Device {
  index: number;
  db: LocalDb;
  userId: number;
  token: string;
  /** This phone's clock runs `index × 2` days ahead: its today and its clientTime. */
  today: IsoDate;
  now: () => Date;
  clientId: string;
  /** The ids of every entry this device queued. */
  queued: number[];
  /** Loans with pending edits the phone showed whole at the last check. */
  wholePending: Set<number>;
}

interface LoanInfo {
  id: number;
  abono: Cents;
  rowIds: number[];
}

type ServerStatus = 'applied' | 'conflict' | 'rejected';

/** A change as it reached the server (first processing only; replays are checked against it). */
type Arrival =
  | {
      kind: 'device';
      device: number;
      clientId: string;
      mutationId: number;
      args: PaymentOutboxEntry['args'];
      status: ServerStatus;
      reason: string | undefined;
    }
  | {
      kind: 'office';
      loanId: number;
      amortizationId: number;
      edit: PaymentEdit;
      status: 'applied' | 'rejected';
      reason: string | undefined;
    };

interface Stats {
  recorded: number;
  refusedOnDevice: number;
  noOpOnDevice: number;
  droppedBefore: number;
  droppedAfter: number;
  officeApplied: number;
  officeRejected: number;
  serverRejected: number;
  conflicts: number;
  replays: number;
}

interface World {
  rng: Rng;
  accountId: number;
  officeToken: string;
  loans: LoanInfo[];
  devices: Device[];
  arrivals: Arrival[];
  /** `${clientId}#${mutationId}` → the status of its first processing. */
  firstStatus: Map<string, ServerStatus>;
  /** The server's rows before any edit: where the replay starts. */
  initial: ServerRow[];
  trace: string[];
  stats: Stats;
}

/** A request lost on the way (before the server) or on the way back (after it processed it). */
class Dropped extends Error {}

const keyOf = (clientId: string, mutationId: number) => `${clientId}#${mutationId}`;

/** The server's record of a push, exactly as it answered (even when the answer is then lost). */
function observePush(w: World, device: Device, request: PushRequest, response: PushResponse) {
  for (const result of response.results) {
    const key = keyOf(request.clientId, result.id);
    if (result.status === 'skipped') {
      // A replay must repeat the first outcome, never process the payment again.
      w.stats.replays++;
      expect(result.outcome, `replay ${key}`).toBe(w.firstStatus.get(key));
      continue;
    }
    expect(w.firstStatus.has(key), `${key} processed twice`).toBe(false);
    w.firstStatus.set(key, result.status);
    const mutation = request.mutations.find((m) => m.id === result.id)!;
    w.arrivals.push({
      kind: 'device',
      device: device.index,
      clientId: request.clientId,
      mutationId: result.id,
      args: mutation.args as PaymentOutboxEntry['args'],
      status: result.status,
      reason: result.reason,
    });
    if (result.status === 'rejected') w.stats.serverRejected++;
    if (result.status === 'conflict') w.stats.conflicts++;
  }
}

/** The device's network: the real app, with each request maybe lost before or after the server. */
function transportOf(w: World, device: Device, faulty: boolean): SyncTransport {
  async function call<T>(path: string, body: PushRequest | PullRequest): Promise<T> {
    // What the phone shows between the requests of a run (a snapshot's pages, say) counts too.
    await checkPendingVisible(w);
    const fate = faulty ? w.rng.next() : 1;
    if (fate < 0.2) {
      w.stats.droppedBefore++;
      throw new Dropped(`${path}: sin conexión`);
    }
    const res = await send(app, 'POST', path, device.token, body);
    const json = await res.json();
    expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(200);
    if (path === PUSH) observePush(w, device, body as PushRequest, json as PushResponse);
    // The collector taps while the request is in flight: the edit lands between the server's answer and
    // the device applying it (a push answer that does not mention it, a page for a loan it now holds).
    if (faulty && w.rng.chance(0.3)) {
      w.trace.push(`  d${device.index}: durante ${path}`);
      await deviceEdit(w, device);
    }
    if (fate < 0.4) {
      w.stats.droppedAfter++;
      throw new Dropped(`${path}: respuesta perdida`);
    }
    return json as T;
  }
  return { push: (request) => call(PUSH, request), pull: (request) => call(PULL, request) };
}

async function sync(w: World, device: Device, faulty: boolean) {
  const transport = transportOf(w, device, faulty);
  // Small batches and pages too: a push in several requests, a payment's rows split across pages.
  const pushBatch = faulty ? w.rng.pick([1, 2, 250]) : 250;
  const pullLimit = faulty ? w.rng.pick([1, 3, 7, 2000]) : 2000;
  try {
    await syncOnce(device.db, transport, {
      today: () => device.today,
      now: device.now,
      pushBatch,
      pullLimit,
    });
  } catch (err) {
    // Only the network's faults are expected; anything else (a SyncError, a failed page) is a finding.
    if (!(err instanceof Dropped)) throw err;
    w.trace.push(`  d${device.index}: ${err.message}`);
    return;
  }
  // A run that ended well with nothing left pending leaves the phone exactly as the server is now.
  if ((await device.db.outbox.where('status').equals('pending').count()) === 0)
    await expectServerRows(w, device, 'tras una sincronización completa');
}

// ---------------------------------------------------------------------------------------------------------
// Random edits.

/** 0 … 2.5 × abono, often round amounts and exact multiples (which carry into the next rows). */
function randomAmount(rng: Rng, abono: Cents): Cents {
  const r = rng.next();
  if (r < 0.1) return cents(0);
  if (r < 0.2) return abono;
  if (r < 0.3) return cents(2 * abono);
  const amount = rng.next() * 2.5 * abono;
  return rng.chance(0.5) ? cents(Math.round(amount / 100) * 100) : cents(amount);
}

/**
 * The screens' edit: paid (maybe with an amount, whose excess carries on), an amount, a date only, or an
 * unchecked box (a no-op on an unpaid row).
 */
function randomEdit(rng: Rng, abono: Cents, today: IsoDate): AmortizationUpdateInput {
  const date = () => addDays(today, -rng.int(10));
  const r = rng.next();
  const edit: AmortizationUpdateInput =
    r < 0.26
      ? { pagada: true }
      : r < 0.3
        ? { pagada: true, parcial: randomAmount(rng, abono) }
        : r < 0.85
          ? { parcial: randomAmount(rng, abono) }
          : r < 0.93
            ? { fecha_pagada: date() }
            : { pagada: false };
  if ((edit.pagada || edit.parcial !== undefined) && rng.chance(0.3)) edit.fecha_pagada = date();
  return edit;
}

/** Mostly the next rows to collect (where edits collide), sometimes any row (paid ones included). */
function pickRow(rng: Rng, rows: readonly { id: number; numero_pago: number; pagada: boolean }[]): number {
  const ordered = [...rows].sort((a, b) => a.numero_pago - b.numero_pago);
  const next = ordered.findIndex((r) => !r.pagada);
  if (next >= 0 && rng.chance(0.7)) return ordered[Math.min(ordered.length - 1, next + rng.int(3))]!.id;
  return rng.pick(ordered).id;
}

function describeEdit(edit: AmortizationUpdateInput): string {
  const parts = [
    edit.pagada !== undefined ? `pagada=${edit.pagada}` : '',
    edit.parcial !== undefined ? `parcial=${formatCents(edit.parcial)}` : '',
    edit.fecha_pagada ? `fecha=${edit.fecha_pagada}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

async function deviceEdit(w: World, device: Device) {
  const loan = w.rng.pick(w.loans);
  const rows = await scheduleOf(device.db, loan.id);
  if (rows.length === 0) {
    // A snapshot after a reset is still arriving: the phone does not show this loan yet.
    w.trace.push(`d${device.index}: el préstamo ${loan.id} aún no está en el teléfono`);
    return;
  }
  const amortizationId = pickRow(w.rng, rows);
  const edit = randomEdit(w.rng, loan.abono, device.today);
  const result = await recordPayment(
    device.db,
    { kind: 'fila', loanId: loan.id, amortizationId, edit },
    { userId: device.userId, today: device.today, now: device.now() },
  );
  const row = rows.find((r) => r.id === amortizationId)!;
  const what = `d${device.index} registra #${row.numero_pago} del préstamo ${loan.id}: ${describeEdit(edit)}`;
  if (!result.ok) {
    w.stats.refusedOnDevice++;
    w.trace.push(`${what} → rechazado en el teléfono (${result.message})`);
  } else if (result.entryId === null) {
    w.stats.noOpOnDevice++;
    w.trace.push(`${what} → sin cambios`);
  } else {
    w.stats.recorded++;
    device.queued.push(result.entryId);
    if (rows.length === loan.rowIds.length) device.wholePending.add(loan.id);
    w.trace.push(`${what} → cambio ${result.entryId} en cola`);
  }
}

/**
 * An online edit from the office (another user), in the server's arrival order like any other. Its screen shows
 * the row as it is now and sends that version, so it is never a conflict (stale screens: stale-edits.test.ts).
 */
async function officeEdit(w: World) {
  const loan = w.rng.pick(w.loans);
  const rows = await sql<{ id: number; numero_pago: number; pagada: boolean; version: number }[]>`
    select id, numero_pago, pagada, version from amortizations where loan_id = ${loan.id}`;
  const amortizationId = pickRow(w.rng, rows);
  const edit = randomEdit(w.rng, loan.abono, TODAY);
  // The paid date is always explicit, so the replay below never depends on the server's clock.
  if ((edit.pagada || (edit.parcial ?? 0) > 0) && !edit.fecha_pagada) edit.fecha_pagada = TODAY;
  const body = {
    ...(edit.pagada !== undefined ? { pagada: edit.pagada } : {}),
    ...(edit.parcial !== undefined ? { parcial: toPesos(edit.parcial) } : {}),
    ...(edit.fecha_pagada !== undefined ? { fecha_pagada: edit.fecha_pagada } : {}),
    version: rows.find((r) => r.id === amortizationId)!.version,
  };
  const res = await send(
    app,
    'PUT',
    `/api/loans/${loan.id}/amortizations/${amortizationId}`,
    w.officeToken,
    body,
  );
  const json = (await res.json()) as { error?: string };
  expect([200, 400, 409], JSON.stringify(json)).toContain(res.status);
  const status = res.status === 200 ? 'applied' : 'rejected';
  w.arrivals.push({
    kind: 'office',
    loanId: loan.id,
    amortizationId,
    edit: {
      ...(edit.pagada !== undefined ? { pagada: edit.pagada } : {}),
      ...(edit.parcial !== undefined ? { parcial: edit.parcial } : {}),
      ...(edit.fecha_pagada !== undefined ? { fechaPagada: edit.fecha_pagada } : {}),
    },
    status,
    reason: json.error,
  });
  if (status === 'applied') w.stats.officeApplied++;
  else w.stats.officeRejected++;
  const numero = rows.find((r) => r.id === amortizationId)!.numero_pago;
  w.trace.push(`oficina edita #${numero} del préstamo ${loan.id}: ${describeEdit(edit)} → ${res.status}`);
}

// ---------------------------------------------------------------------------------------------------------
// Set-up: a tenant, its loans, collectors with their phones.

const LOANS: RowState[][] = [
  [],
  [{ pagada: true }, { pagada: true }, { pagada: true }, { parcial: 40, fecha_pagada: addDays(TODAY, -1) }],
  [],
  // Four rows left: big amounts overflow past the last row and are refused.
  Array.from({ length: 10 }, () => ({ pagada: true })),
  // A renewed loan: every row paid or renewed, all locked.
  Array.from({ length: 14 }, (_, i) => (i < 6 ? { pagada: true } : { renovo: true })),
];

async function makeWorld(seed: number, deviceCount: number): Promise<World> {
  const office = await tenantWithLoans(sql, app);
  const loans: LoanInfo[] = [];
  for (const rows of LOANS) {
    // 1167 × 1.2 / 14 rounds to an abono of $100.
    const loan = await office.addLoan({ montoCredito: 1167, rows });
    loans.push({ id: loan.id, abono: loan.abono, rowIds: loan.amortizationIds });
  }
  expect(loans.map((l) => l.abono)).toEqual(loans.map(() => 10_000));

  const roleId = await roleIn(sql, office.accountId, 'COBRADOR', ['PAGOS_REGISTRAR', 'PRESTAMOS_VER']);
  const password = 'cobrador123';
  const hash = await hashPassword(password, QUICK_PASSWORD_COST);
  const users: { id: number; email: string }[] = [];
  for (let i = 0; i < deviceCount - 1; i++) {
    const email = `cobrador-${randomUUID().slice(0, 8)}@prueba.mx`;
    const [user] = await sql<
      { id: number }[]
    >`insert into users (account_id, role_id, name, email, password_hash)
      values (${office.accountId}, ${roleId}, ${`Cobrador ${i + 1}`}, ${email}, ${hash}) returning id`;
    users.push({ id: user!.id, email });
  }
  const devices: Device[] = [];
  for (let index = 0; index < deviceCount; index++) {
    // Devices 0 and 1 are two phones of the same collector.
    const user = users[Math.max(0, index - 1)]!;
    const offset = index * 2 * DAY_MS;
    devices.push({
      index,
      db: new LocalDb(`modelo-${seed}-${index}-${randomUUID()}`),
      userId: user.id,
      token: await loginToken(app, { email: user.email, password }),
      today: addDays(TODAY, index * 2),
      now: () => new Date(Date.now() + offset),
      clientId: '',
      queued: [],
      wholePending: new Set(),
    });
  }
  return {
    rng: mulberry32(seed),
    accountId: office.accountId,
    officeToken: office.token,
    loans,
    devices,
    arrivals: [],
    firstStatus: new Map(),
    initial: [],
    trace: [],
    stats: {
      recorded: 0,
      refusedOnDevice: 0,
      noOpOnDevice: 0,
      droppedBefore: 0,
      droppedAfter: 0,
      officeApplied: 0,
      officeRejected: 0,
      serverRejected: 0,
      conflicts: 0,
      replays: 0,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The server's state, read with SQL.

interface ServerRow {
  id: number;
  loan_id: number;
  numero_pago: number;
  monto: number;
  pagada: boolean;
  renovo: boolean;
  parcial: number;
  fecha_pagada: string | null;
  version: number;
}

async function serverRows(accountId: number): Promise<ServerRow[]> {
  const rows = await sql<(Omit<ServerRow, 'parcial' | 'monto'> & { parcial: string; monto: string })[]>`
    select id, loan_id, numero_pago, monto::text as monto, pagada, renovo, parcial::text as parcial,
      fecha_pagada::text as fecha_pagada, version
    from amortizations where account_id = ${accountId} order by id`;
  return rows.map((r) => ({
    ...r,
    monto: toPesos(toCents(r.monto)!),
    parcial: toPesos(toCents(r.parcial)!),
  }));
}

async function serverLoans(accountId: number) {
  return sql<{ id: number; pagada: boolean; num_pago: number; vencido: boolean; version: number }[]>`
    select id, pagada, num_pago, vencido, version from loans where account_id = ${accountId} order by id`;
}

const rowValue = (r: { pagada: boolean; parcial: number; fecha_pagada: string | null }) => ({
  pagada: r.pagada,
  parcial: r.parcial,
  fecha_pagada: r.fecha_pagada,
});

// ---------------------------------------------------------------------------------------------------------
// One run.

const open: LocalDb[] = [];
afterAll(() => {
  for (const db of open.splice(0)) db.close();
});

const allStats: Stats[] = [];

async function runModel(seed: number, steps: number, deviceCount: number) {
  const w = await makeWorld(seed, deviceCount);
  open.push(...w.devices.map((d) => d.db));
  try {
    await runSteps(w, steps);
    await checkWorld(w);
  } catch (err) {
    console.error(`[modelo] semilla ${seed}: últimos pasos\n${w.trace.slice(-40).join('\n')}`);
    throw err;
  } finally {
    allStats.push(w.stats);
  }
  return w;
}

async function runSteps(w: World, steps: number) {
  w.initial = await serverRows(w.accountId);
  for (const device of w.devices) {
    await sync(w, device, false);
    device.clientId = (await getMeta<string>(device.db, 'clientId'))!;
  }
  for (let step = 0; step < steps; step++) {
    const r = w.rng.next();
    const device = w.rng.pick(w.devices);
    if (r < 0.45) await deviceEdit(w, device);
    else if (r < 0.49) {
      // A cursor the server cannot continue (as after restoring its database): the next pull starts over.
      w.trace.push(`d${device.index}: cursor inservible`);
      await setMeta(device.db, 'cursor', 'v1.restaurado');
    } else if (r < 0.8) {
      w.trace.push(`d${device.index} sincroniza`);
      await sync(w, device, true);
    } else await officeEdit(w);
    await checkPendingVisible(w);
  }
  // A good network at last: sync until nothing is pending, then once more so each device pulls the rest.
  for (let round = 0; round < 5; round++) {
    for (const device of w.devices) await sync(w, device, false);
    const pending = await Promise.all(
      w.devices.map((d) => d.db.outbox.where('status').equals('pending').count()),
    );
    if (pending.every((n) => n === 0)) break;
  }
  for (const device of w.devices) await sync(w, device, false);
}

/**
 * Between steps and between a run's requests (docs/sincronizacion.md: rows with pending entries keep their local values
 * until the push is answered): a loan with an edit pending, once the phone shows it whole (at a check, or
 * when the edit was recorded), stays whole until its edits are answered; with a complete snapshot every such
 * loan is whole. During a reset's snapshot a loan without pending edits may be only partly there when the
 * collector records on it: that is allowed. No loan here ever leaves the scope.
 */
async function checkPendingVisible(w: World) {
  for (const device of w.devices) {
    const pending = (await device.db.outbox.where('status').equals('pending').toArray()).filter(
      isPaymentEntry,
    );
    const complete = (await getMeta<boolean>(device.db, 'snapshotComplete')) === true;
    const whole = new Set<number>();
    for (const loanId of new Set(pending.map((e) => e.loanId))) {
      const loan = w.loans.find((l) => l.id === loanId)!;
      const shown = (await scheduleOf(device.db, loanId)).map((r) => r.id).sort((a, b) => a - b);
      const isWhole =
        (await device.db.loans.get(loanId)) !== undefined &&
        JSON.stringify(shown) === JSON.stringify([...loan.rowIds].sort((a, b) => a - b));
      if (isWhole) whole.add(loanId);
      else if (complete || device.wholePending.has(loanId))
        expect.fail(
          `d${device.index}: el préstamo ${loanId}, con cambios pendientes, muestra las filas ${shown}`,
        );
    }
    device.wholePending = whole;
  }
}

/** The device's loans and rows are the server's, field by field, and it keeps no server copy aside. */
async function expectServerRows(w: World, device: Device, when: string) {
  const what = `d${device.index} ${when}`;
  const rows = (await serverRows(w.accountId)).map((r) => ({
    id: r.id,
    ...rowValue(r),
    renovo: r.renovo,
    version: r.version,
  }));
  const local = (await allRows(device.db))
    .sort((a, b) => a.id - b.id)
    .map((r) => ({
      id: r.id,
      ...rowValue(r),
      renovo: r.renovo,
      version: r.version,
    }));
  expect(local, `filas de ${what}`).toEqual(rows);
  const localLoans = (await device.db.loans.toArray()).map((l) => ({
    id: l.id,
    pagada: l.pagada,
    num_pago: l.num_pago,
    vencido: l.vencido,
    version: l.version,
  }));
  const loans = (await serverLoans(w.accountId)).map((l) => ({ ...l }));
  expect(localLoans, `préstamos de ${what}`).toEqual(loans);
  expect(await device.db.shadows.count(), `copias de ${what}`).toBe(0);
}

async function checkWorld(w: World) {
  const { accountId } = w;
  const rows = await serverRows(accountId);

  // 1. Nothing pending, nothing lost: every queued entry ended synced or rejected, as the server said.
  const accepted: { receiptId: string; clientId: string; mutationId: number }[] = [];
  for (const device of w.devices) {
    const entries = await device.db.outbox.orderBy('id').toArray();
    expect(entries.map((e) => e.id)).toEqual(device.queued);
    for (const entry of entries) {
      const first = w.firstStatus.get(keyOf(device.clientId, entry.id));
      expect(first, `d${device.index} cambio ${entry.id} nunca llegó`).toBeDefined();
      if (first === 'rejected') {
        expect(entry, `d${device.index} cambio ${entry.id}`).toMatchObject({ status: 'rejected' });
      } else {
        expect(entry, `d${device.index} cambio ${entry.id}`).toMatchObject({
          status: 'synced',
          outcome: first,
        });
        accepted.push({ receiptId: entry.args.receiptId, clientId: device.clientId, mutationId: entry.id });
      }
    }
  }

  // 2. Every device holds exactly the server's rows, and no server copy is left aside.
  for (const device of w.devices) await expectServerRows(w, device, 'al final');

  // 3. Exactly once: every accepted entry's receipt is in the ledger (a payment, or the first correction a row edit
  // made) or, for an edit that changed no money, among the bare receipts; a rejected one nowhere; each once.
  const events = await sql<
    {
      id: number;
      receipt_id: string;
      loan_id: number;
      kind: 'pago' | 'correccion';
      amount: string;
      fecha: string;
      amortization_id: number | null;
      corrects_id: number | null;
      client_id: string | null;
      mutation_id: number | null;
    }[]
  >`select id, receipt_id, loan_id, kind, amount::text as amount, fecha::text as fecha, amortization_id, corrects_id,
      client_id, mutation_id
    from payments where account_id = ${accountId} order by id`;
  const bare = await sql<{ receipt_id: string }[]>`select receipt_id from payment_receipts
    where account_id = ${accountId}`;
  const known = new Map<string, number>();
  for (const r of [...events.map((e) => e.receipt_id), ...bare.map((b) => b.receipt_id)])
    known.set(r, (known.get(r) ?? 0) + 1);
  for (const a of accepted) expect(known.get(a.receiptId), `recibo ${a.receiptId}`).toBe(1);
  for (const device of w.devices)
    for (const entry of await device.db.outbox.toArray())
      if (entry.status === 'rejected')
        expect(known.has(entry.args.receiptId), `rechazado ${entry.id}`).toBe(false);
  const [results] = await sql<{ n: number }[]>`select count(*)::int as n from sync_mutation_results
    where client_id = any(${sql.array(w.devices.map((d) => d.clientId))}::uuid[])`;
  expect(results!.n).toBe(w.firstStatus.size);
  // Every event a phone made is one of its accepted mutations.
  const acceptedKeys = new Set(accepted.map((a) => keyOf(a.clientId, a.mutationId)));
  for (const e of events)
    if (e.client_id)
      expect(acceptedKeys.has(keyOf(e.client_id, e.mutation_id!)), `evento ${e.id}`).toBe(true);

  // 4. Money: each loan's rows are what the shared allocation makes of its events as they stand (docs/reglas-del-negocio.md);
  // no money is lost (what the rows hold plus what none could take is what the payments bring); and a payment
  // recorded by a phone brings exactly what it typed.
  for (const loan of w.loans) {
    const server = rows.filter((r) => r.loan_id === loan.id);
    const schedule = server.map((r) => ({
      id: r.id,
      numero_pago: r.numero_pago,
      monto: toCents(r.monto)!,
      renovo: r.renovo,
    }));
    const ledger = effectivePayments(
      events
        .filter((e) => e.loan_id === loan.id)
        .map((e) => ({
          id: e.id,
          receiptId: e.receipt_id,
          kind: e.kind,
          amount: toCents(e.amount)!,
          fecha: e.fecha,
          amortizationId: e.amortization_id,
          correctsId: e.corrects_id,
        })),
    );
    const { balances, unallocated } = allocateLedger(schedule, ledger);
    expect(
      schedule.map((r) => {
        const cols = rowColumns(r, balances.get(r.id)!);
        return {
          id: r.id,
          pagada: cols.pagada,
          parcial: toPesos(cols.parcial),
          fecha_pagada: cols.fecha_pagada,
        };
      }),
      `préstamo ${loan.id}`,
    ).toEqual(server.map((r) => ({ id: r.id, ...rowValue(r) })));
    const held = [...balances.values()].reduce((sum, b) => sum + b.received, 0);
    expect(held + unallocated, `dinero del préstamo ${loan.id}`).toBe(
      ledger.reduce((sum, p) => sum + p.amount, 0),
    );
  }
  for (const arrival of w.arrivals)
    if (arrival.kind === 'device' && arrival.status !== 'rejected' && 'amount' in arrival.args) {
      const event = events.find((e) => e.receipt_id === arrival.args.receiptId)!;
      expect(toPesos(toCents(event.amount)!), `pago ${arrival.args.receiptId}`).toBe(arrival.args.amount);
    }
  const conflicts = w.arrivals.filter((a) => a.status === 'conflict').length;
  const [stored] = await sql<{ n: number }[]>`select count(*)::int as n from sync_conflicts
    where account_id = ${accountId}`;
  expect(stored!.n).toBe(conflicts);
}

// ---------------------------------------------------------------------------------------------------------

// Fixed seeds, so every run is the same run; 1004 and 1009 find the bug of the last test below. A longer
// search (checked: seeds 1000-1099 × 200 steps on PGlite, 2000-2059 × 250 on Postgres) only needs a longer
// list here.
const SEEDS = [1, 42, 1004, 1009, 31337];
const STEPS = 150;

describe('sync model: devices with faulty networks and the office, against the real server', () => {
  for (const seed of SEEDS) {
    it(`semilla ${seed}: ${STEPS} pasos, 4 dispositivos`, { timeout: 60_000 }, async () => {
      await runModel(seed, STEPS, 4);
    });
  }

  it('the seeds exercised every path: local refusals, lost answers, replays, server refusals', () => {
    const total = (key: keyof Stats) => allStats.reduce((sum, s) => sum + s[key], 0);
    for (const key of [
      'recorded',
      'refusedOnDevice',
      'noOpOnDevice',
      'droppedBefore',
      'droppedAfter',
      'replays',
      'officeApplied',
      'officeRejected',
      'serverRejected',
    ] as const)
      expect(total(key), key).toBeGreaterThan(0);
  });
});

// Found by the model (seeds 1004 and 1009, before the fix in client/store/rebase.ts): a reset's snapshot
// arriving in several pages made a loan with a pending payment vanish from the phone until its page came.
describe('found by the model', () => {
  it('a reset’s snapshot in pages keeps a loan with a pending payment on the phone, payment included', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ montoCredito: 1167 });
    const first = loan.amortizationIds[0]!;
    const db = new LocalDb(`modelo-reset-${randomUUID()}`);
    open.push(db);
    const real =
      <T>(path: string) =>
      async (body: unknown): Promise<T> => {
        const res = await send(app, 'POST', path, t.token, body);
        expect(res.status).toBe(200);
        return (await res.json()) as T;
      };
    const network: SyncTransport = { push: real(PUSH), pull: real(PULL) };
    await syncOnce(db, network, { today: () => TODAY });

    // The server's database was restored from a backup: the device's cursor is no use and the next pull
    // starts over. While that run receives the first page, the collector records a payment; the second
    // page is lost.
    await setMeta(db, 'cursor', 'v1.restaurado');
    let pulls = 0;
    const flaky: SyncTransport = {
      push: network.push,
      async pull(request) {
        if (++pulls === 2) throw new Dropped('sin conexión');
        const page = await network.pull(request);
        const recorded = await recordPayment(
          db,
          { kind: 'fila', loanId: loan.id, amortizationId: first, edit: { pagada: true } },
          { userId: t.userId, today: TODAY, now: new Date() },
        );
        expect(recorded).toEqual({ ok: true, entryId: 1 });
        return page;
      },
    };
    await expect(syncOnce(db, flaky, { today: () => TODAY, pullLimit: 1 })).rejects.toThrow('sin conexión');

    expect((await db.outbox.get(1))?.status).toBe('pending');
    expect(await db.loans.get(loan.id)).toBeDefined();
    const shown = await scheduleOf(db, loan.id).then((rows) =>
      [...rows].sort((a, b) => a.numero_pago - b.numero_pago),
    );
    expect(shown.map((r) => r.id)).toEqual(loan.amortizationIds);
    expect(shown[0]).toMatchObject({ pagada: true, fecha_pagada: TODAY });

    // The next run delivers the payment and ends with the server's rows.
    await syncOnce(db, network, { today: () => TODAY, pullLimit: 1 });
    expect(await db.outbox.get(1)).toMatchObject({ status: 'synced', outcome: 'applied' });
    const rows = await serverRows(t.accountId);
    expect(
      (await allRows(db))
        .sort((a, b) => a.id - b.id)
        .map((r) => ({
          id: r.id,
          ...rowValue(r),
          version: r.version,
        })),
    ).toEqual(rows.map((r) => ({ id: r.id, ...rowValue(r), version: r.version })));
    expect(rows.find((r) => r.id === first)).toMatchObject({ pagada: true, fecha_pagada: TODAY });
    expect(await db.shadows.count()).toBe(0);
  });
});
