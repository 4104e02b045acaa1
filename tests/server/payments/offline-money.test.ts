// Offline money never conflicts (decision 021). Phones that record payments for one loan while offline all
// count, in any arrival order, with the same final rows; a receipt applies once per account; and a phone still
// on the previous version (row edits, no events) keeps pulling and pushing until it updates.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { syncMessages } from '../../../shared/payments/messages';
import type { Mutation, PullResponse } from '../../../shared/sync/types';
import { send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { eventsOf, push, rowsOf, rowVersion, TODAY, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const record = (
  id: number,
  loanId: number,
  amount: number,
  fecha = TODAY,
  receiptId = randomUUID(),
): Mutation => ({
  id,
  name: 'payment.record',
  args: { receiptId, loanId, amount, fecha },
  clientTime: new Date().toISOString(),
});

const rowStates = async (loanId: number) =>
  (await rowsOf(sql, loanId)).map(({ numero_pago, pagada, parcial, fecha_pagada }) => ({
    numero_pago,
    pagada,
    parcial,
    fecha_pagada,
  }));

describe('payments recorded offline on several phones', () => {
  it('all count, in any arrival order, with the same final rows and no conflict', async () => {
    const t = await tenantWithLoans(sql, app);
    // Up to three phones, each with a few payments of its days (whole pesos and centavos), for one loan.
    const phonesArb = fc.array(
      fc.array(
        fc.record({ amount: fc.integer({ min: 1, max: 900_00 }), daysAgo: fc.integer({ min: 0, max: 10 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      { minLength: 2, maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(phonesArb, fc.integer({ min: 0, max: 5 }), async (phones, rotation) => {
        const [x, y] = [await t.addLoan(), await t.addLoan()];
        const batches = (loanId: number) =>
          phones.map((payments) =>
            payments.map((p, i) => record(i + 1, loanId, p.amount / 100, addDays(TODAY, -p.daysAgo))),
          );
        // Loan x: the phones arrive in order; loan y: rotated and each phone's payments one at a time.
        for (const batch of batches(x.id)) {
          const res = await push(app, t.token, randomUUID(), batch);
          expect(res.results.every((r) => r.status === 'applied')).toBe(true);
        }
        const ys = batches(y.id);
        const order = ys.map((_, i) => ys[(i + rotation) % ys.length]!);
        for (const batch of order) {
          const phone = randomUUID();
          for (const m of batch) {
            const res = await push(app, t.token, phone, [m]);
            expect(res.results.map((r) => r.status)).toEqual(['applied']);
          }
        }
        expect(await rowStates(y.id)).toEqual(await rowStates(x.id));
        const total = phones.flat().reduce((s, p) => s + p.amount, 0);
        const received = (await eventsOf(sql, [y.id])).reduce(
          (s, e) => s + Math.round(Number(e.amount) * 100),
          0,
        );
        expect(received).toBe(total);
      }),
      { numRuns: 8 },
    );
    const [conflicts] = await sql<{ n: number }[]>`select count(*)::int as n from sync_conflicts
      where account_id = ${t.accountId}`;
    expect(conflicts!.n).toBe(0);
  });

  it('a receipt applies once per account, whichever phone sends it again', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const receipt = randomUUID();
    expect(
      (await push(app, t.token, randomUUID(), [record(1, loan.id, 300, TODAY, receipt)])).results,
    ).toEqual([{ id: 1, status: 'applied' }]);
    expect(
      (await push(app, t.token, randomUUID(), [record(1, loan.id, 300, TODAY, receipt)])).results,
    ).toEqual([{ id: 1, status: 'skipped', reason: syncMessages.reciboDuplicado }]);
    expect(await eventsOf(sql, [loan.id])).toHaveLength(1);
  });
});

describe('a phone still on the previous version', () => {
  const pullOld = async (token: string, clientId: string, cursor: string | null) => {
    const res = await send(app, 'POST', '/api/sync/pull', token, { clientId, cursor });
    expect(res.status).toBe(200);
    return (await res.json()) as PullResponse;
  };

  it('keeps pulling rows without events and pushing row edits, which become events', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const phone = randomUUID();
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page = await pullOld(t.token, phone, cursor);
      expect(page.changes.payments ?? []).toEqual([]);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    // Its queued edit: the row paid, as it saw it.
    const row = loan.amortizationIds[0]!;
    const res = await push(app, t.token, phone, [
      update(1, {
        loanId: loan.id,
        amortizationId: row,
        baseVersion: await rowVersion(sql, row),
        pagada: true,
      }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await eventsOf(sql, [loan.id])).map((e) => [e.kind, e.amount, e.amortization_id])).toEqual([
      ['pago', '600.00', row],
    ]);
    // Its next pull brings the row paid, still without events, and no reset.
    const next = await pullOld(t.token, phone, cursor);
    expect(next.reset).toBeUndefined();
    expect(next.changes.payments ?? []).toEqual([]);
    expect(next.changes.amortizations.find((a) => a.id === row)).toMatchObject({ pagada: true, monto: 600 });
  });

  it('once updated (it asks for events), downloads everything again, events included; a cursor of the previous format is read', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{ pagada: true }] });
    const phone = randomUUID();
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page = await pullOld(t.token, phone, cursor);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(cursor).toMatch(/^v3\./);
    // The same position written as the previous version wrote it (tombstones numbered 8) is still understood.
    const v2 = cursor!.replace(/^v3\.(\d+)\.9\./, 'v2.$1.8.');
    expect((await pullOld(t.token, phone, v2)).reset).toBeUndefined();
    const updated = await send(app, 'POST', '/api/sync/pull', t.token, {
      clientId: phone,
      cursor,
      pagos: true,
    });
    const page = (await updated.json()) as PullResponse;
    expect(page.reset).toBe(true);
    let events = page.changes.payments;
    let next = page;
    for (let i = 0; i < 20 && next.hasMore; i++) {
      const res = await send(app, 'POST', '/api/sync/pull', t.token, {
        clientId: phone,
        cursor: next.cursor,
        pagos: true,
      });
      next = (await res.json()) as PullResponse;
      events = [...events, ...next.changes.payments];
    }
    // The fixture's paid row is dated within the last weeks: its event is on the device.
    const recent = (await eventsOf(sql, [loan.id])).filter((e) => e.fecha >= addDays(TODAY, -21));
    expect(events.filter((e) => e.loan_id === loan.id).map((e) => e.receipt_id)).toEqual(
      recent.map((e) => e.receipt_id),
    );
  });
});
