import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mensajes } from '../../../shared/messages';
import { syncMessages as m, paymentMessages as pm } from '../../../shared/payments/messages';
import { expectError, send, signIn } from '../helpers/catalog';
import { connectTestSql, createTenant, loginToken, testApp } from '../helpers/test-db';
import { eventsOf, push, rowsOf, rowVersion, tenantWithLoans, update } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

async function storedClient(clientId: string) {
  const [row] = await sql<{ last_mutation_id: number; user_id: number }[]>`
    select last_mutation_id, user_id from sync_clients where client_id = ${clientId}`;
  return row;
}

describe('POST /api/sync/push', () => {
  it('a replayed push changes nothing: one payment, one event', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    const row = loan.amortizationIds[0]!;
    const baseVersion = await rowVersion(sql, row);
    const mutations = [update(1, { loanId: loan.id, amortizationId: row, baseVersion, pagada: true })];
    // The first push commits; its response is "lost", so the device sends the same push again, N times.
    await push(app, t.token, clientId, mutations);
    for (let i = 0; i < 5; i++) {
      expect(await push(app, t.token, clientId, mutations)).toEqual({
        lastMutationId: 1,
        results: [{ id: 1, status: 'skipped', outcome: 'applied' }],
      });
    }
    const rows = await rowsOf(sql, loan.id);
    expect(rows.filter((r) => r.pagada).map((r) => r.id)).toEqual([row]);
    const events = await eventsOf(sql, [loan.id]);
    expect(
      events.map((e) => [e.kind, e.amount, e.amortization_id, e.mutation_id, e.client_id, e.origen]),
    ).toEqual([['pago', '600.00', row, 1, clientId, 'telefono']]);
    expect(events[0]!.client_time).toBeInstanceOf(Date);
    expect(events[0]!.receipt_id).toBe((mutations[0]!.args as { receiptId: string }).receiptId);
    const [results] = await sql<{ n: number }[]>`select count(*)::int as n from sync_mutation_results
      where client_id = ${clientId}`;
    expect(results!.n).toBe(1);
  });

  it('a push of several edits applies them in order, each once', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    const row = loan.amortizationIds[0]!;
    const base = await rowVersion(sql, row);
    const mutations = [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 250 }),
      update(2, { loanId: loan.id, amortizationId: row, baseVersion: base, parcial: 900 }),
    ];
    expect((await push(app, t.token, clientId, mutations)).results).toEqual([
      { id: 1, status: 'applied' },
      { id: 2, status: 'applied' },
    ]);
    await push(app, t.token, clientId, mutations);
    const rows = await rowsOf(sql, loan.id);
    expect(rows.slice(0, 3).map((r) => [r.pagada, r.parcial])).toEqual([
      [true, '0.00'],
      [false, '300.00'],
      [false, '0.00'],
    ]);
    // Each edit is the difference from the row as the device saw it (its own first edit included): 250, then 650,
    // of which the row takes 350 and the next row the other 300.
    expect((await eventsOf(sql, [loan.id])).map((e) => [e.mutation_id, e.amount])).toEqual([
      [1, '250.00'],
      [2, '650.00'],
    ]);
  });

  it('the same receipt under a new mutation id is skipped (the second guard)', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const row = loan.amortizationIds[0]!;
    const args = {
      loanId: loan.id,
      amortizationId: row,
      baseVersion: 0,
      pagada: true,
      receiptId: randomUUID(),
    };
    const first = await push(app, t.token, randomUUID(), [update(1, args)]);
    expect(first.results).toEqual([{ id: 1, status: 'applied' }]);
    // A reinstalled app (new clientId) resends the same payment from a backup of its outbox.
    const again = await push(app, t.token, randomUUID(), [
      update(1, args),
      update(2, { ...args, receiptId: randomUUID(), amortizationId: loan.amortizationIds[1]! }),
    ]);
    expect(again.results).toEqual([
      { id: 1, status: 'skipped', reason: m.reciboDuplicado },
      { id: 2, status: 'applied' },
    ]);
    const events = await eventsOf(sql, [loan.id]);
    expect(events.filter((e) => e.receipt_id === args.receiptId)).toHaveLength(1);
    expect(events).toHaveLength(2);
  });

  it('a gap stops the push: later mutations wait for the missing one', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    const [a, b, c] = loan.amortizationIds;
    const res = await push(app, t.token, clientId, [
      update(1, { loanId: loan.id, amortizationId: a!, baseVersion: 0, pagada: true }),
      update(3, { loanId: loan.id, amortizationId: b!, baseVersion: 0, pagada: true }),
      update(4, { loanId: loan.id, amortizationId: c!, baseVersion: 0, pagada: true }),
    ]);
    expect(res).toEqual({ lastMutationId: 1, results: [{ id: 1, status: 'applied' }], stopped: 'gap' });
    expect((await rowsOf(sql, loan.id)).slice(0, 3).map((r) => r.pagada)).toEqual([true, false, false]);
    expect((await storedClient(clientId))!.last_mutation_id).toBe(1);
  });

  it('a rejected mutation is recorded with its Spanish reason and does not block later ones', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{ pagada: true }] });
    const clientId = randomUUID();
    const [paid, next] = loan.amortizationIds;
    const res = await push(app, t.token, clientId, [
      update(1, { loanId: loan.id, amortizationId: paid!, baseVersion: 0, parcial: 100 }),
      { id: 2, name: 'loan.delete', args: { loanId: loan.id }, clientTime: null },
      update(3, { loanId: loan.id, amortizationId: next!, baseVersion: 0, parcial: -4 }),
      update(4, { loanId: loan.id, amortizationId: next!, baseVersion: 0, parcial: 100 }),
    ]);
    expect(res).toEqual({
      lastMutationId: 4,
      results: [
        { id: 1, status: 'rejected', reason: pm.yaPagada },
        { id: 2, status: 'rejected', reason: m.mutacionDesconocida('loan.delete') },
        { id: 3, status: 'rejected', reason: pm.montoInvalido },
        { id: 4, status: 'applied' },
      ],
    });
    expect((await rowsOf(sql, loan.id))[1]!.parcial).toBe('100.00');
    // A replay tells the device what happened the first time.
    const replay = await push(app, t.token, clientId, [
      update(1, { loanId: loan.id, amortizationId: paid!, baseVersion: 0, parcial: 100 }),
    ]);
    expect(replay.results).toEqual([{ id: 1, status: 'skipped', outcome: 'rejected', reason: pm.yaPagada }]);
  });

  it('a push for another user’s clientId is refused whole (403) and changes nothing', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    await push(app, t.token, clientId, []);
    expect((await storedClient(clientId))!.user_id).toBe(t.userId);

    const colleague = await createTenant(sql);
    await sql`update users set account_id = ${t.accountId}, role_id = null where id = ${colleague.userId}`;
    await sql`update users set role_id = ${t.roleId} where id = ${colleague.userId}`;
    const otherToken = await loginToken(app, colleague);
    const res = await send(app, 'POST', '/api/sync/push', otherToken, {
      clientId,
      mutations: [
        update(1, {
          loanId: loan.id,
          amortizationId: loan.amortizationIds[0]!,
          baseVersion: 0,
          pagada: true,
        }),
      ],
    });
    await expectError(res, 403, 'FORBIDDEN', m.dispositivoDeOtroUsuario);
    expect((await rowsOf(sql, loan.id))[0]!.pagada).toBe(false);
    expect((await storedClient(clientId))!.last_mutation_id).toBe(0);
    // The pull of that device is refused for the other user too.
    await expectError(await send(app, 'POST', '/api/sync/pull', otherToken, { clientId }), 403, 'FORBIDDEN');
  });

  it('a mutation on another account’s loan is rejected as not found', async () => {
    const t = await tenantWithLoans(sql, app);
    const other = await tenantWithLoans(sql, app);
    const foreign = await other.addLoan();
    const res = await push(app, t.token, randomUUID(), [
      update(1, {
        loanId: foreign.id,
        amortizationId: foreign.amortizationIds[0]!,
        baseVersion: 0,
        pagada: true,
      }),
    ]);
    expect(res.results).toEqual([{ id: 1, status: 'rejected', reason: pm.prestamoNoEncontrado }]);
    expect((await rowsOf(sql, foreign.id))[0]!.pagada).toBe(false);
  });

  it('a transient database failure stops processing without advancing', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    const [a, b] = loan.amortizationIds;
    // A trigger that fails like a serialization conflict, for this one row only.
    const fn = `fail_${a}`;
    await sql.unsafe(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.id = ${a} then raise exception 'simulada' using errcode = '40001'; end if; return new; end $$`);
    await sql.unsafe(
      `create trigger ${fn} before update on amortizations for each row execute function ${fn}()`,
    );
    const mutations = [
      update(1, { loanId: loan.id, amortizationId: a!, baseVersion: 0, pagada: true }),
      update(2, { loanId: loan.id, amortizationId: b!, baseVersion: 0, pagada: true }),
    ];
    try {
      expect(await push(app, t.token, clientId, mutations)).toEqual({
        lastMutationId: 0,
        results: [],
        stopped: 'transient',
      });
      expect((await storedClient(clientId))!.last_mutation_id).toBe(0);
    } finally {
      await sql.unsafe(`drop trigger ${fn} on amortizations`);
      await sql.unsafe(`drop function ${fn}()`);
    }
    // Retried later, the same push goes through.
    expect((await push(app, t.token, clientId, mutations)).results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
  });

  it('a payment the database refuses is rejected alone; the others of its push still apply', async () => {
    const t = await tenantWithLoans(sql, app);
    const [first, bad, last] = [await t.addLoan(), await t.addLoan(), await t.addLoan()];
    const clientId = randomUUID();
    const refused = bad.amortizationIds[0]!;
    // A check the schemas cannot know about, failing like numeric overflow, for this one row only.
    const fn = `refuse_${refused}`;
    await sql.unsafe(`create function ${fn}() returns trigger language plpgsql as $$ begin
      if new.id = ${refused} then raise exception 'simulada' using errcode = '22003'; end if; return new; end $$`);
    await sql.unsafe(
      `create trigger ${fn} before update on amortizations for each row execute function ${fn}()`,
    );
    try {
      const res = await push(app, t.token, clientId, [
        update(1, {
          loanId: first.id,
          amortizationId: first.amortizationIds[0]!,
          baseVersion: 0,
          pagada: true,
        }),
        update(2, { loanId: bad.id, amortizationId: refused, baseVersion: 0, pagada: true }),
        update(3, {
          loanId: last.id,
          amortizationId: last.amortizationIds[0]!,
          baseVersion: 0,
          pagada: true,
        }),
      ]);
      expect(res).toEqual({
        lastMutationId: 3,
        results: [
          { id: 1, status: 'applied' },
          { id: 2, status: 'rejected', reason: mensajes.datosInvalidos },
          { id: 3, status: 'applied' },
        ],
      });
    } finally {
      await sql.unsafe(`drop trigger ${fn} on amortizations`);
      await sql.unsafe(`drop function ${fn}()`);
    }
    expect((await rowsOf(sql, first.id))[0]!.pagada).toBe(true);
    expect((await rowsOf(sql, bad.id))[0]!.pagada).toBe(false);
    expect((await rowsOf(sql, last.id))[0]!.pagada).toBe(true);
    expect(await eventsOf(sql, [bad.id])).toHaveLength(0);
  });

  it('needs PAGOS_REGISTRAR and a well-formed envelope', async () => {
    const reader = await signIn(sql, app, ['PRESTAMOS_VER']);
    await expectError(
      await send(app, 'POST', '/api/sync/push', reader.token, { clientId: randomUUID(), mutations: [] }),
      403,
      'FORBIDDEN',
    );
    const t = await signIn(sql, app);
    await expectError(
      await send(app, 'POST', '/api/sync/push', t.token, { clientId: 'x', mutations: [] }),
      400,
      'VALIDATION',
      m.clienteInvalido,
    );
    await expectError(
      await send(app, 'POST', '/api/sync/push', t.token, {
        clientId: randomUUID(),
        mutations: [{ id: 0, name: 'x' }],
      }),
      400,
      'VALIDATION',
    );
  });
});
