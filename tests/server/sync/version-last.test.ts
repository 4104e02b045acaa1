// Decision 015: a push locks its loans first and takes the account's version at its writes, last. These
// overlap real transactions to prove that a pull still never skips a row committed late, that every write
// stays exactly once, and that a writer taking the version first never deadlocks with a push.
// A transaction is held at a precise point with a lock another connection keeps, and a step waits until
// Postgres reports the expected backend blocked (pg_blocking_pids), never for a fixed time.
import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect, type Sql } from '../../../server/db/connect';
import { lockAccountVersion } from '../../../server/sync/account-version';
import type { Mutation, PullResponse } from '../../../shared/sync/types';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { pull, pullAll, push, rowsOf, rowVersion, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);
// PGlite has one backend: nothing overlaps there, so the steps run one after another and only the outcomes
// (every row arrives, once, in version order) are checked.
const embedded = inject('embedded');
const side: Sql = connect(inject('databaseUrl'), { embedded, max: 3 });
afterAll(() => side.end({ timeout: 5 }));

/** A transaction on its own connection, kept open until `end`: it holds whatever `hold` locked. */
async function holdOpen(statement: (tx: postgres.ReservedSql) => Promise<unknown>) {
  const tx = await side.reserve();
  await tx`begin`;
  await statement(tx);
  const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
  return {
    pid,
    async end(how: 'commit' | 'rollback' = 'rollback') {
      await tx.unsafe(how);
      tx.release();
    },
  };
}

/** The backend (other than `except`) that Postgres reports blocked by `pid`, once there is one. */
async function blockedBy(pid: number, except: readonly number[] = []): Promise<number> {
  // Patient: with the whole suite running on two cores, a request can take seconds to reach the database.
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const rows = await side<{ pid: number }[]>`select pid from pg_stat_activity
      where ${pid}::int = any(pg_blocking_pids(pid)) and not (pid = any(${side.array([...except, 0])}::int[]))`;
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const waiting = await side`select pid, wait_event_type, wait_event, state, left(query, 80) as query,
      pg_blocking_pids(pid) as blockers
    from pg_stat_activity where datname = current_database() and state <> 'idle'`;
  throw new Error(`nadie quedó esperando a ${pid}: ${JSON.stringify(waiting)}`);
}

const changed = (pages: PullResponse[]) =>
  new Map(pages.flatMap((p) => p.changes.amortizations.map((a) => [a.id, a] as const)));

/** A second user of the same account (another collector's phone). */
async function colleagueOf(t: { accountId: number; roleId: number }) {
  const other = await createTenant(sql);
  await sql`update users set role_id = null where id = ${other.userId}`;
  await sql`update users set account_id = ${t.accountId}, role_id = ${t.roleId} where id = ${other.userId}`;
  return { ...other, token: await loginToken(app, other) };
}

async function bound(token: string) {
  const clientId = randomUUID();
  await push(app, token, clientId, []);
  return clientId;
}

/** Two users of one account, each with a bound phone, and two loans whose first rows (x, y) they will pay. */
async function twoPhonesTwoLoans() {
  const t = await tenantWithLoans(sql, app);
  const colleague = await colleagueOf(t);
  const loanX = await t.addLoan();
  const loanY = await t.addLoan();
  const [x, y] = [loanX.amortizationIds[0]!, loanY.amortizationIds[0]!];
  return {
    t,
    colleague,
    loanX,
    loanY,
    x,
    y,
    phoneA: await bound(t.token),
    phoneB: await bound(colleague.token),
  };
}

describe('payments take the version last, and a pull still skips nothing', () => {
  it('a push holding the version keeps a later push behind it; a pull in between sees neither', async () => {
    const { t, colleague, loanX, loanY, x, y, phoneA, phoneB } = await twoPhonesTwoLoans();
    const start = (await pullAll(app, t.token, randomUUID())).at(-1)!.cursor;
    const edit = (loanId: number, amortizationId: number, parcial: number): Mutation[] => [
      update(1, { loanId, amortizationId, baseVersion: 0, parcial }),
    ];

    if (embedded) {
      await push(app, t.token, phoneA, edit(loanX.id, x, 11));
      await push(app, colleague.token, phoneB, edit(loanY.id, y, 22));
      const pages = await pullAll(app, t.token, randomUUID(), start);
      expect(changed(pages).get(x)?.parcial).toBe(11);
      expect(changed(pages).get(y)?.parcial).toBe(22);
      return;
    }
    // A's writes take the version, then wait on the user row its audit and `updated_by` point to.
    const userRow = await holdOpen((tx) => tx`select 1 from users where id = ${t.userId} for update`);
    const a = push(app, t.token, phoneA, edit(loanX.id, x, 11));
    const aPid = await blockedBy(userRow.pid);
    // B starts later, by another user, and would commit first: it waits for A's version.
    const b = push(app, colleague.token, phoneB, edit(loanY.id, y, 22));
    await blockedBy(aPid);
    const between = await pull(app, t.token, randomUUID(), start);
    expect(between.changes.amortizations).toEqual([]);

    await userRow.end();
    expect((await a).results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await b).results).toEqual([{ id: 1, status: 'applied' }]);
    const after = await pull(app, t.token, randomUUID(), between.cursor);
    expect(changed([after]).get(x)?.parcial).toBe(11);
    expect(changed([after]).get(y)?.parcial).toBe(22);
    expect(await rowVersion(sql, x)).toBeLessThan(await rowVersion(sql, y));
  });

  it('a push that started first but takes its version last is not skipped by a pull that saw a later one', async () => {
    const { t, colleague, loanX, loanY, x, y, phoneA, phoneB } = await twoPhonesTwoLoans();
    const cursor = (await pullAll(app, t.token, randomUUID())).at(-1)!.cursor;
    const slow = [update(1, { loanId: loanX.id, amortizationId: x, baseVersion: 0, parcial: 33 })];
    const fast = [update(1, { loanId: loanY.id, amortizationId: y, baseVersion: 0, parcial: 44 })];

    if (embedded) {
      await push(app, colleague.token, phoneB, fast);
      await push(app, t.token, phoneA, slow);
      const pages = await pullAll(app, t.token, randomUUID(), cursor);
      expect([...changed(pages).keys()].sort()).toEqual([x, y].sort());
      return;
    }
    // A waits for its loan (another transaction holds it), before it has taken any version.
    const loanHolder = await holdOpen((tx) => tx`select 1 from loans where id = ${loanX.id} for update`);
    const a = push(app, t.token, phoneA, slow);
    await blockedBy(loanHolder.pid);
    // B starts later, takes the next version and commits first.
    expect((await push(app, colleague.token, phoneB, fast)).results).toEqual([{ id: 1, status: 'applied' }]);
    const between = await pull(app, t.token, randomUUID(), cursor);
    expect(between.changes.amortizations.map((r) => r.id)).toEqual([y]);

    await loanHolder.end('rollback');
    expect((await a).results).toEqual([{ id: 1, status: 'applied' }]);
    const after = await pull(app, t.token, randomUUID(), between.cursor);
    expect(after.changes.amortizations.map((r) => r.id)).toEqual([x]);
    expect(await rowVersion(sql, y)).toBeLessThan(await rowVersion(sql, x));
  });
});

describe('the writes and the COMMIT travel together, the COMMIT last', () => {
  it('a failure of the last write leaves nothing of the push', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const phone = await bound(t.token);
    // The mutation's recorded outcome is the last statement before the COMMIT: make it fail like a serialization
    // conflict.
    const fn = `fail_results_${row}`;
    await sql.unsafe(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.client_id = '${phone}' then raise exception 'simulada' using errcode = '40001'; end if;
      return new; end $$`);
    await sql.unsafe(
      `create trigger ${fn} before insert on sync_mutation_results for each row execute function ${fn}()`,
    );
    const mutations = [update(1, { loanId: loan.id, amortizationId: row, baseVersion: 0, pagada: true })];
    try {
      expect(await push(app, t.token, phone, mutations)).toEqual({
        lastMutationId: 0,
        results: [],
        stopped: 'transient',
      });
    } finally {
      await sql.unsafe(`drop trigger ${fn} on sync_mutation_results`);
      await sql.unsafe(`drop function ${fn}()`);
    }
    expect((await rowsOf(sql, loan.id))[0]!.pagada).toBe(false);
    const [left] = await sql<{ events: number; results: number }[]>`select
      (select count(*)::int from payments where client_id = ${phone}) as events,
      (select count(*)::int from sync_mutation_results where client_id = ${phone}) as results`;
    expect(left).toEqual({ events: 0, results: 0 });
    expect((await push(app, t.token, phone, mutations)).results).toEqual([{ id: 1, status: 'applied' }]);
  });
});

describe('a writer that takes the version first and a push of the same loan never deadlock', () => {
  /** The office's kind of write: the version first, then the loan (as creating a renewal does). */
  const versionFirst = (
    accountId: number,
    loanId: number,
    before?: Promise<void>,
    holding?: (pid: number) => void,
  ) =>
    sql.begin(async (tx) => {
      await lockAccountVersion(tx, accountId);
      const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      holding?.(pid);
      await before;
      await tx`update loans set notas = 'editado' where id = ${loanId}`;
    });

  it('the push first: the other writer waits for it before taking the version', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const phone = await bound(t.token);
    const mutations = [update(1, { loanId: loan.id, amortizationId: row, baseVersion: 0, pagada: true })];
    if (embedded) {
      await push(app, t.token, phone, mutations);
      await versionFirst(t.accountId, loan.id);
    } else {
      // The push has begun (a payment writer) and waits for its loan; the writer then asks for the version.
      const loanHolder = await holdOpen((tx) => tx`select 1 from loans where id = ${loan.id} for update`);
      const p = push(app, t.token, phone, mutations);
      const pushPid = await blockedBy(loanHolder.pid);
      const office = versionFirst(t.accountId, loan.id);
      await blockedBy(pushPid);
      await loanHolder.end('rollback');
      expect((await p).results).toEqual([{ id: 1, status: 'applied' }]);
      await office;
    }
    expect((await rowsOf(sql, loan.id))[0]!.pagada).toBe(true);
    const [edited] = await sql<{ notas: string }[]>`select notas from loans where id = ${loan.id}`;
    expect(edited!.notas).toBe('editado');
  });

  it('the other writer first: the push waits for it before locking the loan', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const phone = await bound(t.token);
    const mutations = [update(1, { loanId: loan.id, amortizationId: row, baseVersion: 0, pagada: true })];
    if (embedded) {
      await versionFirst(t.accountId, loan.id);
      await push(app, t.token, phone, mutations);
    } else {
      let go!: () => void;
      const gate = new Promise<void>((resolve) => {
        go = resolve;
      });
      let holding!: (pid: number) => void;
      const holder = new Promise<number>((resolve) => {
        holding = resolve;
      });
      const office = versionFirst(t.accountId, loan.id, gate, holding);
      const p = push(app, t.token, phone, mutations);
      await blockedBy(await holder);
      go();
      await office;
      expect((await p).results).toEqual([{ id: 1, status: 'applied' }]);
    }
    expect((await rowsOf(sql, loan.id))[0]!.pagada).toBe(true);
  });
});

describe('exactly once under concurrent pushes', () => {
  it('the same push sent five times at once applies each edit once', async () => {
    const t = await tenantWithLoans(sql, app);
    const loans = [await t.addLoan(), await t.addLoan(), await t.addLoan()];
    const phone = await bound(t.token);
    const mutations = loans.flatMap((l, i) => [
      update(2 * i + 1, {
        loanId: l.id,
        amortizationId: l.amortizationIds[0]!,
        baseVersion: 0,
        parcial: 100,
      }),
      update(2 * i + 2, {
        loanId: l.id,
        amortizationId: l.amortizationIds[1]!,
        baseVersion: 0,
        pagada: true,
      }),
    ]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => push(app, t.token, phone, mutations)));
    for (const answer of answers) expect(answer.lastMutationId).toBe(6);
    const firsts = answers.flatMap((a) => a.results.filter((r) => r.status !== 'skipped'));
    expect(firsts.map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const [counts] = await sql<{ events: number; results: number }[]>`select
      (select count(*)::int from payments where client_id = ${phone}) as events,
      (select count(*)::int from sync_mutation_results where client_id = ${phone}) as results`;
    expect(counts).toEqual({ events: 6, results: 6 });
  });

  it('one receipt pushed by two devices at once is applied by one and skipped by the other', async () => {
    const t = await tenantWithLoans(sql, app);
    const colleague = await colleagueOf(t);
    const [loanA, loanB] = [await t.addLoan(), await t.addLoan()];
    const phoneA = await bound(t.token);
    const phoneB = await bound(colleague.token);
    const receiptId = randomUUID();
    const on = (l: typeof loanA) => [
      update(1, {
        loanId: l.id,
        amortizationId: l.amortizationIds[0]!,
        baseVersion: 0,
        pagada: true,
        receiptId,
      }),
    ];
    let first: Promise<Awaited<ReturnType<typeof push>>>;
    let second: Awaited<ReturnType<typeof push>>;
    if (embedded) {
      first = push(app, t.token, phoneA, on(loanA));
      await first;
      second = await push(app, colleague.token, phoneB, on(loanB));
    } else {
      // A has stored the receipt and waits, uncommitted; B stores the same one once A commits.
      const userRow = await holdOpen((tx) => tx`select 1 from users where id = ${t.userId} for update`);
      first = push(app, t.token, phoneA, on(loanA));
      const aPid = await blockedBy(userRow.pid);
      const b = push(app, colleague.token, phoneB, on(loanB));
      await blockedBy(aPid);
      await userRow.end();
      second = await b;
    }
    expect((await first).results).toEqual([{ id: 1, status: 'applied' }]);
    expect(second.results).toEqual([
      { id: 1, status: 'skipped', reason: 'Este pago ya fue registrado (recibo duplicado)' },
    ]);
    expect(second.lastMutationId).toBe(1);
    expect((await rowsOf(sql, loanB.id))[0]!.pagada).toBe(false);
  });
});
