// Decision 018: a full download is read table by table (server/sync/snapshot.ts) and hands over to the change
// stream at the version the account had when it started. Whatever is written while it runs (a row it already
// sent, a row it has not reached, a new loan, a deletion) the device ends with exactly what a fresh download
// would give it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../../shared/sync/types';
import { send } from '../helpers/catalog';
import { createClient } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { pull, pullAll, tenantWithLoans } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);
let t: Awaited<ReturnType<typeof tenantWithLoans>>;
const loans: { id: number; amortizationIds: number[] }[] = [];

beforeAll(async () => {
  t = await tenantWithLoans(sql, app);
  for (let i = 0; i < 6; i++) loans.push(await t.addLoan({ nombre: `Cliente ${i}` }));
});

/** What a device holds after applying `pages` in order: the last copy of each row, minus the removed ones. */
function deviceState(pages: PullResponse[]): Map<string, unknown> {
  const held = new Map<string, unknown>();
  for (const page of pages) {
    if (page.reset) held.clear();
    for (const [entity, rows] of Object.entries(page.changes))
      for (const row of rows as { id: number }[]) held.set(`${entity}:${row.id}`, row);
    for (const gone of page.tombstones) held.delete(`${gone.entity}:${gone.id}`);
  }
  return held;
}

const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('a full download while the account changes', () => {
  it('ends, through the stream, on exactly what a fresh download holds', async () => {
    const clientId = randomUUID();
    const pages: PullResponse[] = [await pull(app, t.token, clientId, null, 7)];
    pages.push(await pull(app, t.token, clientId, pages.at(-1)!.cursor, 7));
    expect(pages[0]!.total).toBeGreaterThan(14);
    expect(pages.every((p) => p.hasMore)).toBe(true);

    // Meanwhile the office pays a row of the first loan, a client is deleted, and a loan is added.
    const [first] = loans;
    const paid = await send(
      app,
      'PUT',
      `/api/loans/${first!.id}/amortizations/${first!.amortizationIds[0]}`,
      t.token,
      {
        pagada: true,
      },
    );
    expect(paid.status).toBe(200);
    const loose = await createClient(sql, t.accountId, t.municipalityId, { nombre: 'Sin préstamo' });
    const added = await t.addLoan({ nombre: 'Llegó durante la descarga' });

    pages.push(...(await pullAll(app, t.token, clientId, pages.at(-1)!.cursor, 7)));
    await sql`delete from clients where id = ${loose}`;
    // The next sync, as the device's engine does after the download.
    pages.push(...(await pullAll(app, t.token, clientId, pages.at(-1)!.cursor, 7)));

    const fresh = deviceState(await pullAll(app, t.token, randomUUID(), null, 5000));
    const device = deviceState(pages);
    expect(sorted(device)).toEqual(sorted(fresh));
    expect(device.has(`loans:${added.id}`)).toBe(true);
    expect(device.has(`clients:${loose}`)).toBe(false);
    expect(device.get(`amortizations:${first!.amortizationIds[0]}`)).toMatchObject({ pagada: true });
  });

  it('the last page of the download says there is more when the account changed during it', async () => {
    const clientId = randomUUID();
    const pages: PullResponse[] = [await pull(app, t.token, clientId, null, 5000)];
    expect(pages[0]!.hasMore).toBe(false);
    // One page held it all; a write after it is the stream's from the handover cursor on.
    await t.addLoan({ nombre: 'Después' });
    const next = await pullAll(app, t.token, clientId, pages[0]!.cursor);
    expect(next.flatMap((p) => p.changes.loans.map((l) => l.loan_reference)).length).toBe(1);

    // A download still going when the account moves on ends saying so.
    const slow = randomUUID();
    const start = await pull(app, t.token, slow, null, 3);
    await t.addLoan({ nombre: 'Durante' });
    const rest = await pullAll(app, t.token, slow, start.cursor, 5000);
    expect(rest[0]!.hasMore).toBe(true);
    expect(rest.at(-1)!.hasMore).toBe(false);
  });

  it('a download cursor from another scope or a forged one starts over, with reset, never a 500', async () => {
    const clientId = randomUUID();
    const first = await pull(app, t.token, clientId, null, 3);
    const [, version, phase, id, sub, at] = first.cursor.split('.');
    for (const forged of [
      `s1.${version}.${phase}.${id}.${sub}.${at}.12345`, // another scope
      `s1.${Number(version) + 1000}.${phase}.${id}.${sub}.${at}.0`, // a version the account never had
      `s1.${version}.9.${id}.${sub}.${at}.0`, // a phase that does not exist
      `s1.${version}.${phase}.${id}.${sub}.99999999999999.0`, // from the future
    ]) {
      const res = await send(app, 'POST', '/api/sync/pull', t.token, { clientId, cursor: forged, limit: 3 });
      expect(res.status).toBe(200);
      const body = (await res.json()) as PullResponse;
      expect(body.reset).toBe(true);
      expect(body.cursor.startsWith('s1.')).toBe(true);
    }
  });
});
