import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneTombstones } from '../../../server/sync/prune';
import { processPull } from '../../../server/sync/pull';
import { addDays } from '../../../shared/dates';
import { type ColumnarPullResponse, decodePullResponse } from '../../../shared/sync/columnar';
import { PULL_HEADERS } from '../../../shared/sync/pull-headers';
import type { PullResponse } from '../../../shared/sync/types';
import { expectError, send } from '../helpers/catalog';
import { createClient } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { pull, pullAll, push, TODAY, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);
const DAY = 86_400_000;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const paidRows = (n: number) => Array.from({ length: n }, () => ({ pagada: true }));

async function insertSheet(accountId: number, municipalityId: number, coverageWeek: string, loanId: number) {
  const [sheet] = await sql<{ id: number }[]>`insert into weekly_sheets (account_id, municipality_id,
      coverage_week, coverage_week_end, week, monto_esperado)
    values (${accountId}, ${municipalityId}, ${coverageWeek}, ${addDays(coverageWeek, 6)}, '2026-W01', 600)
    returning id`;
  const [sheetLoan] = await sql<{ id: number }[]>`insert into weekly_sheet_loans (account_id, weekly_sheet_id,
      loan_id, client_id, monto_esperado, saldo_a_liquidar)
    select ${accountId}, ${sheet!.id}, id, client_id, 600, 8400 from loans where id = ${loanId}
    returning id`;
  return { sheetId: sheet!.id, sheetLoanId: sheetLoan!.id };
}

describe('POST /api/sync/pull', () => {
  let t: Awaited<ReturnType<typeof tenantWithLoans>>;
  let open: Awaited<ReturnType<typeof t.addLoan>>;
  let closedRecently: Awaited<ReturnType<typeof t.addLoan>>;
  let closedLongAgo: Awaited<ReturnType<typeof t.addLoan>>;
  let recentSheet: { sheetId: number; sheetLoanId: number };
  let oldSheet: { sheetId: number; sheetLoanId: number };
  let foreignLoanId: number;
  const clientId = randomUUID();
  let snapshot: PullResponse[];
  /** This tenant's device pulling from `cursor` as if `days` days had passed (the scope moves with time). */
  const pullLater = (cursor: string, days: number, limit = 2000) =>
    processPull(
      sql,
      {
        userId: t.userId,
        accountId: t.accountId,
        roleId: t.roleId,
        roleName: null,
        permissions: [],
        municipios: null,
      },
      { clientId, cursor, limit, pagos: false },
      { timeZone: 'America/Mexico_City', now: new Date(Date.now() + days * DAY) },
    );

  beforeAll(async () => {
    t = await tenantWithLoans(sql, app);
    open = await t.addLoan({ rows: [{ pagada: true }, { parcial: 150.5 }] });
    closedRecently = await t.addLoan({ fechaInicio: addDays(TODAY, -100), rows: paidRows(14) });
    closedLongAgo = await t.addLoan({ fechaInicio: addDays(TODAY, -200), rows: paidRows(14) });
    await sql`update loans set closed_at = now() - interval '60 days' where id = ${closedLongAgo.id}`;
    recentSheet = await insertSheet(t.accountId, t.municipalityId, addDays(TODAY, -7), open.id);
    oldSheet = await insertSheet(t.accountId, t.municipalityId, addDays(TODAY, -120), open.id);
    const other = await tenantWithLoans(sql, app);
    foreignLoanId = (await other.addLoan()).id;
    snapshot = await pullAll(app, t.token, clientId);
  });

  it('a full snapshot is the account’s scope: open loans, loans closed in 8 weeks, sheets of 12 weeks', () => {
    const all = (k: keyof PullResponse['changes']) =>
      snapshot.flatMap((p) => p.changes[k] as { id: number; account_id?: number }[]);
    expect(snapshot).toHaveLength(1);
    expect(snapshot[0]).toMatchObject({ hasMore: false, lastMutationId: 0 });
    expect(snapshot[0]!.reset).toBeUndefined();
    // One page holds it all: nothing to count progress against.
    expect(snapshot[0]!.total).toBeUndefined();
    expect(ids(all('municipalities'))).toEqual([t.municipalityId]);
    expect(all('clients')).toHaveLength(3);
    expect(ids(all('payment_methods'))).toEqual([t.paymentMethod.id]);
    expect(ids(all('loans'))).toEqual([open.id, closedRecently.id]);
    expect(ids(all('amortizations'))).toEqual(
      [...open.amortizationIds, ...closedRecently.amortizationIds].sort((a, b) => a - b),
    );
    expect(ids(all('weekly_sheets'))).toEqual([recentSheet.sheetId]);
    expect(ids(all('weekly_sheet_loans'))).toEqual([recentSheet.sheetLoanId]);
    expect(all('loans').map((l) => l.account_id)).not.toContain(undefined);
    expect(ids(all('loans'))).not.toContain(foreignLoanId);
    expect(ids(all('loans'))).not.toContain(closedLongAgo.id);
    expect(oldSheet.sheetId).toBeGreaterThan(0);
  });

  it('money travels as pesos with two decimals and dates as YYYY-MM-DD', () => {
    const loan = snapshot[0]!.changes.loans.find((l) => l.id === open.id)!;
    expect(loan).toMatchObject({ monto_credito: 7000, monto_con_interes: 8400, abono: 600, interes: 20 });
    expect(loan.fecha_inicio).toBe(addDays(TODAY, -21));
    const partial = snapshot[0]!.changes.amortizations.find((a) => a.id === open.amortizationIds[1])!;
    expect(partial).toMatchObject({ parcial: 150.5, pagada: false, numero_pago: 2 });
    expect(partial.fecha_pago).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(snapshot[0]!.changes.weekly_sheets[0]).toMatchObject({ monto_esperado: 600, monto_cobrado: 0 });
  });

  it('an incremental pull brings only what changed, and the device’s lastMutationId', async () => {
    const cursor = snapshot.at(-1)!.cursor;
    expect(await pull(app, t.token, clientId, cursor)).toMatchObject({
      hasMore: false,
      tombstones: [],
      changes: { loans: [], amortizations: [], clients: [] },
    });
    const row = open.amortizationIds[2]!;
    const pushed = await push(app, t.token, clientId, [
      update(1, { loanId: open.id, amortizationId: row, baseVersion: 0, parcial: 42 }),
    ]);
    expect(pushed.results[0]!.status).toBe('applied');
    const next = await pull(app, t.token, clientId, cursor);
    expect(next.lastMutationId).toBe(1);
    expect(next.changes.amortizations.map((a) => [a.id, a.parcial])).toEqual([[row, 42]]);
    expect(next.changes.clients).toEqual([]);
  });

  it('a deleted row arrives as a tombstone', async () => {
    const cursor = (await pull(app, t.token, clientId, snapshot.at(-1)!.cursor)).cursor;
    const extra = await createClient(sql, t.accountId, t.municipalityId);
    const withExtra = await pull(app, t.token, clientId, cursor);
    expect(withExtra.changes.clients.map((c) => c.id)).toEqual([extra]);
    expect((await send(app, 'DELETE', `/api/clients/${extra}`, t.token)).status).toBe(200);
    const after = await pull(app, t.token, clientId, withExtra.cursor);
    expect(after.tombstones).toEqual([{ entity: 'clients', id: extra }]);
  });

  it('loans and sheets leaving the scope with time arrive as removals', async () => {
    const cursor = snapshot.at(-1)!.cursor;
    const later = (days: number) => pullLater(cursor, days);
    const at57 = await later(57);
    expect(at57.tombstones).toEqual(
      expect.arrayContaining([
        { entity: 'loans', id: closedRecently.id },
        ...closedRecently.amortizationIds.map((id) => ({ entity: 'amortizations', id })),
      ]),
    );
    expect(at57.tombstones.filter((x) => x.entity === 'loans')).toEqual([
      { entity: 'loans', id: closedRecently.id },
    ]);
    expect(at57.tombstones.some((x) => x.entity === 'weekly_sheets')).toBe(false);
    const at80 = await later(80);
    expect(at80.tombstones).toEqual(
      expect.arrayContaining([
        { entity: 'weekly_sheets', id: recentSheet.sheetId },
        { entity: 'weekly_sheet_loans', id: recentSheet.sheetLoanId },
      ]),
    );
    // The next pull from there does not repeat them.
    const again = await pullLater(at80.cursor, 81);
    expect(again.tombstones).toEqual([]);
  });

  it('removals of rows leaving the scope are paged like rows: never more than `limit`, none lost or repeated', async () => {
    const cursor = snapshot.at(-1)!.cursor;
    // Past both lines: the recently closed loan (and its 14 rows) and the recent sheet (and its loan) leave.
    const at = (from: string, limit: number) => pullLater(from, 85, limit);
    const key = (x: { entity: string; id: number }) => `${x.entity}:${x.id}`;
    const whole = (await at(cursor, 2000)).tombstones.map(key);
    expect(whole.length).toBeGreaterThan(16);

    const pages: PullResponse[] = [];
    let from = cursor;
    for (let i = 0; i < 40; i++) {
      const page = await at(from, 4);
      pages.push(page);
      from = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages.at(-1)!.hasMore).toBe(false);
    expect(pages.length).toBeGreaterThan(4);
    for (const p of pages) {
      const size = Object.values(p.changes).reduce((n, rows) => n + rows.length, 0) + p.tombstones.length;
      expect(size).toBeLessThanOrEqual(4);
    }
    const paged = pages.flatMap((p) => p.tombstones.map(key));
    expect(new Set(paged).size).toBe(paged.length);
    expect([...paged].sort()).toEqual([...whole].sort());
    // Caught up: the next pull at the same instant has nothing left to remove.
    expect((await at(from, 4)).tombstones).toEqual([]);
  });

  it('a cursor older than the tombstones kept, unknown or from the future gets reset and a full snapshot', async () => {
    const cursor = snapshot.at(-1)!.cursor;
    for (const bad of ['basura', 'v1.999999999.0.0.0', 'v9.1.0.0.0']) {
      const res = await pull(app, t.token, clientId, bad);
      expect(res.reset, bad).toBe(true);
      expect(ids(res.changes.loans)).toEqual([open.id, closedRecently.id]);
    }
    // Tombstones are kept 90 days: a device not caught up for longer may have missed one.
    const at = (days: number, from: string) => pullLater(from, days);
    expect((await at(88, cursor)).reset).toBeUndefined();
    const stale = await at(90, cursor);
    expect(stale.reset).toBe(true);
    expect(ids(stale.changes.loans)).toEqual([open.id]);
    expect((await at(90, stale.cursor)).reset).toBeUndefined();
    // A snapshot in progress is not stale, however old the versions it walks through (no reset loop).
    const paging = await pull(app, t.token, clientId, null, 3);
    expect((await pull(app, t.token, clientId, paging.cursor, 3)).reset).toBeUndefined();
  });

  it('a forged cursor (instants out of range, caught up after its own scope instant) resets, never a 500', async () => {
    const [{ v } = { v: 0 }] = await sql<{ v: number }[]>`select version as v from sync_versions
      where account_id = ${t.accountId}`;
    const now = Date.now();
    const forged = [
      `v2.${v}.0.0.999999999999999.999999999999999.0`,
      `v2.${v}.0.0.999999999999999.${now}.0`,
      `v1.${v}.0.0.999999999999999.999999999999999`,
      `v2.${v}.0.0.${now + 3 * DAY}.${now + 3 * DAY}.0`,
      `v2.${v}.0.0.${now - DAY}.${now}.0`,
      // Removals being paged from a later scope than the cursor's own, or over the stored tombstones.
      `v2.${v}.0.0.${now}.${now}.0.x${now + DAY}.3.0`,
      `v2.${v}.0.0.${now}.${now}.0.x${now - DAY}.8.0`,
      `v1.${v}.0.0.${now}.${now}.x${now - DAY}.3.0`,
    ];
    for (const bad of forged) {
      const res = await send(app, 'POST', '/api/sync/pull', t.token, { clientId, cursor: bad });
      const body = (await res.json()) as PullResponse;
      expect(res.status, `${bad}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.reset, bad).toBe(true);
      expect(ids(body.changes.loans)).toEqual([open.id, closedRecently.id]);
      // The new cursor is the server's, usable as is.
      expect((await pull(app, t.token, clientId, body.cursor)).reset).toBeUndefined();
    }
    // A server whose clock stepped back a little keeps the device's cursor (the scope never moves backwards).
    const ahead = `v2.${v}.0.0.${now + 60_000}.${now + 60_000}.0`;
    expect((await pull(app, t.token, clientId, ahead)).reset).toBeUndefined();
  });

  it('tombstones older than the retention are pruned', async () => {
    const [{ v } = { v: 0 }] = await sql<{ v: number }[]>`select version as v from sync_versions
      where account_id = ${t.accountId}`;
    const [old] = await sql<
      { id: number }[]
    >`insert into sync_tombstones (account_id, entity, entity_id, version,
        created_at)
      values (${t.accountId}, 'clients', 999999, ${v}, now() - interval '100 days') returning id`;
    expect(await pruneTombstones(sql)).toBeGreaterThanOrEqual(1);
    expect(await sql`select 1 from sync_tombstones where id = ${old!.id}`).toHaveLength(0);
  });

  it('pages hold at most `limit` rows and never lose or repeat one, even inside one big version', async () => {
    const pages = await pullAll(app, t.token, randomUUID(), null, 5);
    expect(pages.length).toBeGreaterThan(6);
    const seen = pages.flatMap((p) =>
      Object.entries(p.changes).flatMap(([entity, rows]) =>
        rows.map((r: { id: number }) => `${entity}:${r.id}`),
      ),
    );
    for (const p of pages.slice(0, -1)) expect(p.hasMore).toBe(true);
    for (const p of pages) {
      const size = Object.values(p.changes).reduce((n, rows) => n + rows.length, 0) + p.tombstones.length;
      expect(size).toBeLessThanOrEqual(5);
    }
    const whole = (await pullAll(app, t.token, randomUUID())).flatMap((p) =>
      Object.entries(p.changes).flatMap(([entity, rows]) =>
        rows.map((r: { id: number }) => `${entity}:${r.id}`),
      ),
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...whole].sort());
    // The first page of a download that takes several says how many rows it holds; later pages do not.
    const tombstones = pages.reduce((n, p) => n + p.tombstones.length, 0);
    expect(pages[0]!.total).toBe(seen.length + tombstones);
    for (const p of pages.slice(1)) expect(p.total).toBeUndefined();
    // The 14 rows of a loan share one version (one insert): they must have been split across pages.
    const rowsOfClosed = pages.map(
      (p) => p.changes.amortizations.filter((a) => closedRecently.amortizationIds.includes(a.id)).length,
    );
    expect(rowsOfClosed.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('another account’s rows never appear, and the route needs PRESTAMOS_VER', async () => {
    const other = await tenantWithLoans(sql, app);
    await other.addLoan();
    const mine = (await pullAll(app, t.token, randomUUID())).flatMap((p) => p.changes.loans);
    expect(mine.every((l) => l.account_id === t.accountId)).toBe(true);
    const theirs = (await pullAll(app, other.token, randomUUID())).flatMap((p) => p.changes.loans);
    expect(theirs.every((l) => l.account_id === other.accountId)).toBe(true);
    const noView = await tenantWithLoans(sql, app, ['PAGOS_REGISTRAR']);
    await expectError(
      await send(app, 'POST', '/api/sync/pull', noView.token, { clientId: randomUUID() }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await send(app, 'POST', '/api/sync/pull', t.token, { clientId: randomUUID(), limit: 0 }),
      400,
      'VALIDATION',
    );
  });

  it("each answer's headers repeat the body's cursor, whether more follows, and a reset", async () => {
    const device = randomUUID();
    let cursor: string | null = null;
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await send(app, 'POST', '/api/sync/pull', t.token, {
        clientId: device,
        cursor,
        limit: 3,
        format: 'columnas-delta',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as ColumnarPullResponse;
      expect(res.headers.get(PULL_HEADERS.cursor)).toBe(body.cursor);
      expect(res.headers.get(PULL_HEADERS.hasMore)).toBe(body.hasMore ? '1' : '0');
      expect(res.headers.get(PULL_HEADERS.reset)).toBe(body.reset ? '1' : null);
      seen.push(body.cursor);
      if (!body.hasMore) break;
      cursor = body.cursor;
    }
    expect(seen.length).toBeGreaterThan(1);
    const reset = await send(app, 'POST', '/api/sync/pull', t.token, {
      clientId: device,
      cursor: 'v2.999999.0.0.0.0.0',
    });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { reset?: boolean }).reset).toBe(true);
    expect(reset.headers.get(PULL_HEADERS.reset)).toBe('1');
  });

  it("the compact page ('columnas') carries the same page, and any other format is refused in Spanish", async () => {
    const device = randomUUID();
    const res = await send(app, 'POST', '/api/sync/pull', t.token, { clientId: device, format: 'columnas' });
    expect(res.status).toBe(200);
    const wire = (await res.json()) as ColumnarPullResponse;
    expect(wire.format).toBe('columnas');
    expect(Array.isArray(wire.changes.amortizations.rows[0])).toBe(true);
    const objects = await pull(app, t.token, randomUUID());
    const decoded = decodePullResponse(wire);
    expect(decoded.changes).toEqual(objects.changes);
    expect(decoded.tombstones).toEqual(objects.tombstones);
    expect({ ...decoded, cursor: '' }).toMatchObject({ ...objects, cursor: '' });
    const bad = await send(app, 'POST', '/api/sync/pull', t.token, { clientId: device, format: 'xml' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      "El formato de la página debe ser 'columnas', 'columnas-delta' o no enviarse",
    );
  });
});
