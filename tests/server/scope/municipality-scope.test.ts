import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import type { PullResponse } from '../../../shared/sync/types';
import { userMessages as um } from '../../../shared/users/messages';
import type { UserListItem } from '../../../shared/users/types';
import { dataOf, expectError, send } from '../helpers/catalog';
import { addCobrador, visit } from '../helpers/collector';
import { createClient, createLoan, createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { pullAll, push, TODAY, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

/** An account with loans in two towns, a sheet in each, and a COBRADOR. */
async function twoTowns() {
  const t = await tenantWithLoans(sql, app);
  const otherTown = await createMunicipality(sql, t.accountId, { name: 'Cholula' });
  const here = await t.addLoan({ nombre: 'Ana de Atlixco' });
  const there = await createLoan(sql, {
    accountId: t.accountId,
    clientId: await createClient(sql, t.accountId, otherTown, { nombre: 'Beto de Cholula' }),
    municipalityId: otherTown,
    paymentMethod: t.paymentMethod,
    montoCredito: 7000,
    fechaInicio: addDays(TODAY, -21),
  });
  for (const municipalityId of [t.municipalityId, otherTown]) {
    const res = await send(app, 'POST', '/api/hoja-de-cobro', t.token, {
      municipalityId,
      coverageWeek: TODAY,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const cobrador = await addCobrador(sql, app, t.accountId);
  const assign = async (municipios: number[] | null) => {
    const [user] = await sql<{ name: string; email: string; role_id: number }[]>`
      select name, email, role_id from users where id = ${cobrador.userId}`;
    return send(app, 'PUT', `/api/users/${cobrador.userId}`, t.token, {
      ...user,
      account_id: t.accountId,
      municipios,
    });
  };
  return { t, otherTown, here, there, cobrador, assign };
}

const everything = (pages: PullResponse[]) => ({
  municipalities: pages.flatMap((p) => p.changes.municipalities.map((m) => m.id)),
  clients: pages.flatMap((p) => p.changes.clients.map((c) => c.municipality_id)),
  loans: pages.flatMap((p) => p.changes.loans.map((l) => l.id)),
  amortizations: new Set(pages.flatMap((p) => p.changes.amortizations.map((a) => a.loan_id))),
  sheets: pages.flatMap((p) => p.changes.weekly_sheets.map((s) => s.municipality_id)),
  sheetLoans: pages.flatMap((p) => p.changes.weekly_sheet_loans.map((s) => s.loan_id)),
  visits: pages.flatMap((p) => p.changes.visits.map((v) => v.loan_id)),
});

describe('assigned municipalities (issue 12, docs/reglas-del-negocio.md)', () => {
  it('by default a user reads every town; limited, the pull holds only theirs', async () => {
    const { t, otherTown, here, there, cobrador, assign } = await twoTowns();
    const all = everything(await pullAll(app, cobrador.token, randomUUID()));
    expect(all.loans.sort()).toEqual([here.id, there.id].sort());

    const list = await dataOf<UserListItem>(await assign([t.municipalityId]));
    expect(list.municipios).toEqual([t.municipalityId]);
    const mine = everything(await pullAll(app, cobrador.token, randomUUID()));
    expect(mine).toEqual({
      municipalities: [t.municipalityId],
      clients: [t.municipalityId],
      loans: [here.id],
      amortizations: new Set([here.id]),
      sheets: [t.municipalityId],
      sheetLoans: [here.id],
      visits: [],
    });
    expect(mine.loans).not.toContain(there.id);
    expect(otherTown).not.toBe(t.municipalityId);
  });

  it('a limited download in small pages splits schedules loan by loan and loses or repeats nothing', async () => {
    const { t, here, cobrador, assign } = await twoTowns();
    const second = await t.addLoan({ nombre: 'Carla de Atlixco' });
    await assign([t.municipalityId]);
    const pages = await pullAll(app, cobrador.token, randomUUID(), null, 4);
    const rows = pages.flatMap((p) => p.changes.amortizations.map((a) => a.id));
    for (const p of pages) {
      const size = Object.values(p.changes).reduce((n, r) => n + r.length, 0) + p.tombstones.length;
      expect(size).toBeLessThanOrEqual(4);
    }
    expect(new Set(rows).size).toBe(rows.length);
    const whole = await pullAll(app, cobrador.token, randomUUID(), null, 5000);
    expect(whole).toHaveLength(1);
    expect(rows.sort()).toEqual(whole[0]!.changes.amortizations.map((a) => a.id).sort());
    expect(new Set(whole[0]!.changes.amortizations.map((a) => a.loan_id))).toEqual(
      new Set([here.id, second.id]),
    );
  });

  it('a push touching a loan outside the towns answers not found; inside them it applies', async () => {
    const { t, here, there, cobrador, assign } = await twoTowns();
    await assign([t.municipalityId]);
    const { results } = await push(app, cobrador.token, randomUUID(), [
      update(1, {
        loanId: there.id,
        amortizationId: there.amortizationIds[0]!,
        baseVersion: 0,
        pagada: true,
      }),
      visit(2, { loanId: there.id, fecha: TODAY, motivo: 'NO_ESTABA' }),
      update(3, { loanId: here.id, amortizationId: here.amortizationIds[0]!, baseVersion: 0, pagada: true }),
    ]);
    expect(results).toEqual([
      { id: 1, status: 'rejected', reason: pm.prestamoNoEncontrado },
      { id: 2, status: 'rejected', reason: pm.prestamoNoEncontrado },
      { id: 3, status: 'applied' },
    ]);
  });

  it('a changed assignment reaches the device as a reset: the new town arrives, the old one goes', async () => {
    const { t, otherTown, here, there, cobrador, assign } = await twoTowns();
    await assign([t.municipalityId]);
    const device = randomUUID();
    const first = await pullAll(app, cobrador.token, device);
    expect(everything(first).loans).toEqual([here.id]);

    await assign([otherTown]);
    const next = await pullAll(app, cobrador.token, device, first.at(-1)!.cursor);
    expect(next[0]!.reset).toBe(true);
    expect(everything(next).loans).toEqual([there.id]);
    expect(everything(next).municipalities).toEqual([otherTown]);

    // Back to 'Todos': another reset with both towns; an unchanged scope is an ordinary incremental pull.
    await assign(null);
    const both = await pullAll(app, cobrador.token, device, next.at(-1)!.cursor);
    expect(both[0]!.reset).toBe(true);
    expect(everything(both).loans.sort()).toEqual([here.id, there.id].sort());
    const quiet = await pullAll(app, cobrador.token, device, both.at(-1)!.cursor);
    expect(quiet[0]!.reset).toBeUndefined();
    expect(everything(quiet).loans).toEqual([]);
  });

  it('the online list, detail and history of loans keep to the towns too', async () => {
    const { t, here, there, cobrador, assign } = await twoTowns();
    await assign([t.municipalityId]);
    const list = await send(app, 'GET', '/api/list-loans?limit=50', cobrador.token);
    const body = (await list.json()) as { data: { id: number }[]; pagination: { total_items: number } };
    expect(body.data.map((l) => l.id)).toEqual([here.id]);
    expect(body.pagination.total_items).toBe(1);
    await expectError(await send(app, 'GET', `/api/loans/${there.id}`, cobrador.token), 404, 'NOT_FOUND');
    expect((await send(app, 'GET', `/api/loans/${here.id}`, cobrador.token)).status).toBe(200);
    const history = (await (await send(app, 'GET', '/api/loan-history', cobrador.token)).json()) as {
      data: { id: number }[];
    };
    expect(history.data.map((l) => l.id)).toEqual([here.id]);
    // The office, with every town, still sees both.
    const office = (await (await send(app, 'GET', '/api/list-loans', t.token)).json()) as { data: unknown[] };
    expect(office.data).toHaveLength(2);
  });

  it("another account's municipality cannot be assigned; the list says 'Todos' as null", async () => {
    const { cobrador, assign, t } = await twoTowns();
    const stranger = await tenantWithLoans(sql, app);
    await expectError(await assign([stranger.municipalityId]), 400, 'VALIDATION', um.municipiosInvalidos);
    const users = await dataOf<UserListItem[]>(await send(app, 'GET', '/api/list-users', t.token));
    expect(users.find((u) => u.id === cobrador.userId)?.municipios).toBeNull();
  });

  it("a limited device asks for the payment events and gets its towns' only, page after page", async () => {
    const { t, here, there, cobrador, assign } = await twoTowns();
    const record = (loanId: number, id: number) => ({
      id,
      name: 'payment.record' as const,
      args: { receiptId: randomUUID(), loanId, amount: 50, fecha: TODAY },
      clientTime: new Date().toISOString(),
    });
    const res = await push(app, t.token, randomUUID(), [
      record(here.id, 1),
      record(there.id, 2),
      record(here.id, 3),
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    await assign([t.municipalityId]);
    const pages: PullResponse[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const r = await send(app, 'POST', '/api/sync/pull', cobrador.token, {
        clientId: randomUUID(),
        cursor,
        limit: 1,
        pagos: true,
      });
      const page = (await r.json()) as PullResponse;
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const events = pages.flatMap((p) => p.changes.payments);
    expect(events.map((e) => e.loan_id)).toEqual([here.id, here.id]);
    expect(events.map((e) => e.amount)).toEqual([50, 50]);
  });
});
