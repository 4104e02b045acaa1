// The faults bench's data (decision 017): collectors and their tokens, payment edits on open rows handed out once
// each, and the check that every edit sent was applied exactly once (audit_log, payment_receipts,
// sync_mutation_results), however many times it was sent.
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../../server/auth/tokens';
import type { Db } from '../../server/db/connect';
import { businessToday } from '../../shared/dates';
import type { Permission } from '../../shared/permissions';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import type { Mutation } from '../../shared/sync/types';

export interface Target {
  loan_id: number;
  id: number;
  version: number;
  abono: string;
  /** What the row has received so far (pesos, as text). */
  parcial: string;
  municipality_id: number;
}

/** The first open row of every unpaid loan of the account, town by town and along the route. */
export async function openTargets(db: Db, accountId: number): Promise<Target[]> {
  return db<Target[]>`select t.loan_id, t.id, t.version, t.abono, t.parcial, t.municipality_id from (
      select distinct on (a.loan_id) a.loan_id, a.id, a.version, l.abono::text as abono,
        a.parcial::text as parcial, l.municipality_id, l.grupo
      from loans l
      join amortizations a on a.loan_id = l.id and a.account_id = l.account_id
      where l.account_id = ${accountId} and not l.pagada and not a.pagada and not a.renovo
      order by a.loan_id, a.numero_pago
    ) t
    order by t.municipality_id, t.grupo, t.loan_id`;
}

/** Hands out each open row once, so no two edits of the bench ever touch the same loan. */
export class TargetPool {
  private readonly taken = new Set<number>();
  constructor(private readonly targets: readonly Target[]) {}

  take(count: number, municipalityId?: number): Target[] {
    const out: Target[] = [];
    for (const t of this.targets) {
      if (out.length === count) break;
      if (this.taken.has(t.loan_id) || (municipalityId !== undefined && t.municipality_id !== municipalityId))
        continue;
      this.taken.add(t.loan_id);
      out.push(t);
    }
    if (out.length < count)
      throw new Error(
        `[fallos] solo ${out.length} de ${count} préstamos con filas abiertas` +
          (municipalityId === undefined ? '' : ` en el municipio ${municipalityId}`),
      );
    return out;
  }

  municipalities(): number[] {
    return [...new Set(this.targets.map((t) => t.municipality_id))];
  }
}

let receipts = 0;

/** A receipt UUID whose first eight hex digits (its printed number, R-XXXX-XXXX) are unique in the run. */
export function uniqueReceiptId(): string {
  receipts++;
  return `${receipts.toString(16).padStart(8, '0')}${randomUUID().slice(8)}`;
}

/** Which mutation the bench's phones send: `payment.record` (this version's), or the previous version's row edit. */
export type EditKind = 'payment.record' | 'amortization.update';

export const editKindFromEnv = (): EditKind =>
  process.env.BENCH_EDIT_KIND === 'amortization.update' ? 'amortization.update' : 'payment.record';

/**
 * About half the abono, as a partial amount the row does not hold already: a row edit's `parcial` is set, not
 * added, so the same amount again would change nothing.
 */
function partialFor(t: Target): number {
  const half = Math.floor(Number(t.abono) / 20) * 10;
  return half === Number(t.parcial) ? half + 10 : half;
}

/**
 * One device's queue, ids from `firstId`: four in five pay the abono, the rest about half of it. As payments
 * (`payment.record`, what Cobranza sends) or as the previous version's row edits (`amortization.update`).
 */
export function editsFor(
  targets: readonly Target[],
  firstId = 1,
  kind: EditKind = 'payment.record',
): Mutation[] {
  const today = businessToday();
  return targets.map((t, i) => ({
    id: firstId + i,
    name: kind,
    args:
      kind === 'payment.record'
        ? {
            receiptId: uniqueReceiptId(),
            loanId: t.loan_id,
            amount: i % 5 === 4 ? partialFor(t) : Number(t.abono),
            fecha: today,
          }
        : {
            receiptId: uniqueReceiptId(),
            loanId: t.loan_id,
            amortizationId: t.id,
            baseVersion: t.version,
            ...(i % 5 === 4 ? { parcial: partialFor(t) } : { pagada: true }),
          },
    clientTime: new Date(Date.now() - (targets.length - i) * 60_000).toISOString(),
  }));
}

/** A device: its id, and the queue it sends (and sends again) until the server has taken all of it. */
export interface Device {
  clientId: string;
  mutations: Mutation[];
}

export interface OnceCheck {
  edits: number;
  /** Exactly one audit row for its receipt and one for its (device, mutation id), receipt stored, result kept. */
  once: number;
  missing: number;
  duplicated: number;
  /** The first few edits that were not applied exactly once, for the report. */
  examples: string[];
}

/** Whether every edit of `devices` is in the books exactly once. */
/** Before sql/020: the audit rows of each receipt's number, for receipts the account stored. */
async function legacyAuditRows(db: Db, accountId: number, receiptIds: readonly string[]) {
  const stored = await db<{ receipt_id: string }[]>`select receipt_id::text from payment_receipts
    where account_id = ${accountId} and receipt_id = any(${db.array([...receiptIds])}::uuid[])`;
  const audited = new Map(
    (
      await db<{ recibo: string; n: number }[]>`select recibo, count(*)::int as n from audit_log
        where account_id = ${accountId} and recibo = any(${db.array(receiptIds.map(receiptNumber))}::text[])
        group by recibo`
    ).map((r) => [r.recibo, r.n]),
  );
  return stored.map((r) => ({ receipt_id: r.receipt_id, n: audited.get(receiptNumber(r.receipt_id)) ?? 0 }));
}

export async function verifyOnce(db: Db, accountId: number, devices: readonly Device[]): Promise<OnceCheck> {
  const edits = devices.flatMap((d) =>
    d.mutations.map((m) => ({
      clientId: d.clientId,
      mutationId: m.id,
      receiptId: (m.args as { receiptId: string }).receiptId,
    })),
  );
  const receiptIds = edits.map((e) => e.receiptId);
  const clientIds = devices.map((d) => d.clientId);
  // On a pool's very first query postgres.js has not read the array types yet and sends db.array() as '1,2,3'.
  await db`select 1`;
  // Since sql/020 a payment is one row of the ledger; before it (the bench run on an older tree for a
  // before/after table), one audit row per edit.
  const [{ ledger } = { ledger: false }] = await db<
    { ledger: boolean }[]
  >`select to_regclass('payments') is not null as ledger`;
  const byReceipt = new Map(
    (ledger
      ? await db<
          { receipt_id: string; n: number }[]
        >`select receipt_id::text, count(*)::int as n from payments
          where account_id = ${accountId} and receipt_id = any(${db.array(receiptIds)}::uuid[])
          group by receipt_id`
      : await legacyAuditRows(db, accountId, receiptIds)
    ).map((r) => [r.receipt_id, r.n]),
  );
  const byMutation = new Map(
    (ledger
      ? await db<{ key: string; n: number }[]>`select client_id::text || ':' || mutation_id as key,
            count(*)::int as n
          from payments where client_id = any(${db.array(clientIds)}::uuid[]) group by client_id, mutation_id`
      : await db<{ key: string; n: number }[]>`select client_id::text || ':' || mutation_id as key,
            count(*)::int as n
          from audit_log where client_id = any(${db.array(clientIds)}::uuid[]) group by client_id, mutation_id`
    ).map((r) => [r.key, r.n]),
  );
  const results = new Map(
    (
      await db<{ key: string; status: string }[]>`select client_id::text || ':' || mutation_id as key, status
        from sync_mutation_results where client_id = any(${db.array(clientIds)}::uuid[])`
    ).map((r) => [r.key, r.status]),
  );
  const check: OnceCheck = { edits: edits.length, once: 0, missing: 0, duplicated: 0, examples: [] };
  for (const e of edits) {
    const key = `${e.clientId}:${e.mutationId}`;
    const stored = byReceipt.get(e.receiptId) ?? 0;
    const perMutation = byMutation.get(key) ?? 0;
    const status = results.get(key);
    const applied = status === 'applied' || status === 'conflict';
    if (stored === 1 && perMutation === 1 && applied) check.once++;
    else {
      if (stored > 1 || perMutation > 1) check.duplicated++;
      else check.missing++;
      if (check.examples.length < 5)
        check.examples.push(
          `${key} recibo ${receiptNumber(e.receiptId)}: guardado ${stored}, por mutación ${perMutation}, ` +
            `resultado ${status ?? 'ninguno'}`,
        );
    }
  }
  return check;
}

export const onceText = (c: OnceCheck) =>
  c.once === c.edits
    ? `${c.once}/${c.edits} una vez`
    : `${c.once}/${c.edits} una vez, ${c.missing} faltan, ${c.duplicated} DUPLICADOS`;

interface UserRow {
  id: number;
  name: string;
  email: string;
  account_id: number;
  role_id: number;
  role_name: string;
  permissions: Permission[];
}

/** Access tokens the server accepts (signed with its JWT_SECRET), without a password hash per collector. */
export async function tokensFor(db: Db, secret: string, userIds: readonly number[]): Promise<string[]> {
  const rows = await db<UserRow[]>`select u.id, u.name, u.email, u.account_id, u.role_id, r.role_name,
      array(select p.permission from role_permissions p where p.role_id = u.role_id order by 1) as permissions
    from users u join roles r on r.id = u.role_id
    where u.id = any(${db.array([...userIds])}::bigint[])`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    userIds.map((id) => {
      const u = byId.get(id)!;
      return signAccessToken(secret, { ...u, account_name: 'Benchmark' });
    }),
  );
}

/**
 * `count` more collectors of the account, each limited to `perCollector` towns (collector i: towns i, i+1, …
 * of `towns`, wrapping), as an office assigns routes; their ids in order.
 */
export async function routeCollectors(
  db: Db,
  collectorId: number,
  count: number,
  towns: readonly number[],
  perCollector: number,
): Promise<number[]> {
  const rows = await db<{ id: number }[]>`insert into users (account_id, role_id, name, email, password_hash,
      todos_municipios)
    select account_id, role_id, 'Cobrador de ruta ' || n, 'ruta-' || n || '-' || id || '@bench.mx', password_hash,
      false
    from users, generate_series(1, ${count}) n
    where id = ${collectorId}
    order by n
    returning id`;
  const ids = rows.map((r) => r.id);
  const pairs = ids.flatMap((userId, i) =>
    Array.from({ length: Math.min(perCollector, towns.length) }, (_, k) => ({
      user_id: userId,
      municipality_id: towns[(i + k) % towns.length]!,
    })),
  );
  await db`insert into user_municipalities ${db(pairs)}`;
  return ids;
}
