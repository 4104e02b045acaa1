import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { PullResponse } from '../../../shared/sync/types';
import { connectTestSql, testApp } from '../helpers/test-db';
import { pull, pullAll, tenantWithLoans } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);
// PGlite has one backend, so the pool has one connection: overlapping transactions queue up instead.
const embedded = inject('embedded');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const partials = (pages: PullResponse[]) =>
  new Map(pages.flatMap((p) => p.changes.amortizations.map((a) => [a.id, a] as const)));

async function versionOf(id: number) {
  const [row] = await sql<{ version: number }[]>`select version from amortizations where id = ${id}`;
  return row!.version;
}

describe('the pull cursor never skips a row committed late by an overlapping transaction', () => {
  it('the first to take a version commits last: the next pull still brings its row', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const [x, y] = loan.amortizationIds as [number, number];
    const clientId = randomUUID();
    const start = (await pullAll(app, t.token, clientId)).at(-1)!.cursor;
    const done: string[] = [];

    let tookVersion!: () => void;
    const took = new Promise<void>((resolve) => {
      tookVersion = resolve;
    });
    // A takes the account's next version (its first write) and holds it open.
    const a = sql
      .begin(async (tx) => {
        await tx`update amortizations set parcial = 11 where id = ${x}`;
        tookVersion();
        await tx`select pg_sleep(1)`;
      })
      .then(() => done.push('A'));
    await took;
    // B starts later and would like to commit first.
    const b = sql`update amortizations set parcial = 22 where id = ${y}`.then(() => done.push('B'));
    await sleep(150);
    const between = await pull(app, t.token, clientId, start);
    const doneAtPull = [...done];
    await Promise.all([a, b]);
    const after = await pull(app, t.token, clientId, between.cursor);

    // Both rows arrive, exactly once between the two pulls, and B's version is after A's.
    const arrived = partials([between, after]);
    expect(arrived.get(x)?.parcial).toBe(11);
    expect(arrived.get(y)?.parcial).toBe(22);
    expect(await versionOf(x)).toBeLessThan(await versionOf(y));
    expect(done).toEqual(['A', 'B']);
    if (embedded) {
      // One connection: B and the pull waited for A's commit, so the pull already saw both.
      expect(doneAtPull).toEqual(['A', 'B']);
      expect(between.changes.amortizations.map((r) => r.id).sort()).toEqual([x, y].sort());
    } else {
      // B was blocked by A's version lock; the pull in between saw neither and did not move past them.
      expect(doneAtPull).toEqual([]);
      expect(between.changes.amortizations).toEqual([]);
      expect(after.changes.amortizations.map((r) => r.id).sort()).toEqual([x, y].sort());
    }
  });

  it('the first to start commits last: its row gets a later version and arrives on the next pull', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const [x, y] = loan.amortizationIds as [number, number];
    const clientId = randomUUID();
    const start = (await pullAll(app, t.token, clientId)).at(-1)!.cursor;

    let started!: () => void;
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    // C starts first, works for a while, writes last.
    const c = sql.begin(async (tx) => {
      await tx`select 1`;
      started();
      await tx`select pg_sleep(0.8)`;
      await tx`update amortizations set parcial = 33 where id = ${x}`;
    });
    await began;
    // D starts later and commits at once (on PGlite it waits for C's connection).
    await Promise.race([sql`update amortizations set parcial = 44 where id = ${y}`, sleep(200)]);
    const between = await pull(app, t.token, clientId, start);
    await c;
    const after = await pull(app, t.token, clientId, between.cursor);

    const arrived = partials([between, after]);
    expect(arrived.get(x)?.parcial).toBe(33);
    expect(arrived.get(y)?.parcial).toBe(44);
    if (embedded) {
      // D and the pull queued behind C: everything was committed when the pull ran.
      expect(between.changes.amortizations.map((r) => r.id).sort()).toEqual([x, y].sort());
      expect(await versionOf(x)).toBeLessThan(await versionOf(y));
    } else {
      // D committed first with the lower version; C's row, committed later, came with the next pull.
      expect(between.changes.amortizations.map((r) => r.id)).toEqual([y]);
      expect(after.changes.amortizations.map((r) => r.id)).toEqual([x]);
      expect(await versionOf(y)).toBeLessThan(await versionOf(x));
    }
  });
});
