import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { paymentMessages as pm } from '../../../shared/payments/messages';
import { receiptNumber } from '../../../shared/receipts/receipt-number';
import { visitMessages as vm } from '../../../shared/visits/messages';
import { dataOf, expectError, send } from '../helpers/catalog';
import { visit } from '../helpers/collector';
import { connectTestSql, testApp } from '../helpers/test-db';
import { pullAll, push, TODAY, tenantWithLoans, update } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

const visitsOf = (loanId: number) =>
  sql<
    {
      motivo: string;
      fecha_promesa: string | null;
      user_id: number;
      client_id: string;
      mutation_id: number;
    }[]
  >`
    select motivo, fecha_promesa::text as fecha_promesa, user_id, client_id, mutation_id from visits
    where loan_id = ${loanId} order by id`;

describe('visit.create (issue 12)', () => {
  it('a visit is stored once with who, device and phone time, even when the push is replayed', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const clientId = randomUUID();
    const promesa = visit(1, {
      loanId: loan.id,
      fecha: TODAY,
      motivo: 'PROMESA',
      fecha_promesa: addDays(TODAY, 3),
      nota: ' paga el viernes ',
    });
    expect((await push(app, t.token, clientId, [promesa])).results).toEqual([{ id: 1, status: 'applied' }]);
    // The answer was lost: the same push again, and the same receipt under a new id.
    await push(app, t.token, clientId, [promesa]);
    const again = { ...promesa, id: 2 };
    expect((await push(app, t.token, clientId, [again])).results[0]).toMatchObject({
      id: 2,
      status: 'skipped',
      reason: vm.visitaDuplicada,
    });
    expect(await visitsOf(loan.id)).toEqual([
      {
        motivo: 'PROMESA',
        fecha_promesa: addDays(TODAY, 3),
        user_id: t.userId,
        client_id: clientId,
        mutation_id: 1,
      },
    ]);
    const audit = await sql<{ action: string; recibo: string; client_time: Date | null }[]>`
      select action, recibo, client_time from audit_log where account_id = ${t.accountId} and entity = 'visits'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'visit.create',
      recibo: receiptNumber((promesa.args as { receiptId: string }).receiptId),
    });
    expect(audit[0]!.client_time).toBeInstanceOf(Date);
  });

  it('refuses, with its Spanish reason, a promise without date or in the past, OTRO without a note', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const base = { loanId: loan.id, fecha: TODAY };
    const { results } = await push(app, t.token, randomUUID(), [
      visit(1, { ...base, motivo: 'PROMESA' }),
      visit(2, { ...base, motivo: 'PROMESA', fecha_promesa: addDays(TODAY, -1) }),
      visit(3, { ...base, motivo: 'OTRO', nota: '   ' }),
      visit(4, { ...base, motivo: 'QUIEN_SABE' }),
      visit(5, { ...base, fecha: addDays(TODAY, 2), motivo: 'NO_ESTABA' }),
      visit(6, { ...base, motivo: 'SIN_DINERO' }),
    ]);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['rejected', vm.fechaPromesaRequerida],
      ['rejected', vm.fechaPromesaPasada],
      ['rejected', vm.notaRequerida],
      ['rejected', vm.motivoRequerido],
      ['rejected', vm.fechaVisitaFutura],
      ['applied', undefined],
    ]);
    expect((await visitsOf(loan.id)).map((v) => v.motivo)).toEqual(['SIN_DINERO']);
  });

  it("another account's loan is not found, and a gap stops the push before it", async () => {
    const t = await tenantWithLoans(sql, app);
    const other = await tenantWithLoans(sql, app);
    const foreign = await other.addLoan();
    const clientId = randomUUID();
    const { results } = await push(app, t.token, clientId, [
      visit(1, { loanId: foreign.id, fecha: TODAY, motivo: 'NO_ESTABA' }),
    ]);
    expect(results).toEqual([{ id: 1, status: 'rejected', reason: pm.prestamoNoEncontrado }]);
    const gap = await push(app, t.token, clientId, [
      visit(3, { loanId: foreign.id, fecha: TODAY, motivo: 'NO_ESTABA' }),
    ]);
    expect(gap).toEqual({ lastMutationId: 1, results: [], stopped: 'gap' });
    expect(await visitsOf(foreign.id)).toEqual([]);
  });

  it('visits reach every device of the account in the pull, with who made them', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    await push(app, t.token, randomUUID(), [
      visit(1, { loanId: loan.id, fecha: TODAY, motivo: 'NO_ESTABA' }),
    ]);
    const pages = await pullAll(app, t.token, randomUUID());
    const visits = pages.flatMap((p) => p.changes.visits);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      loan_id: loan.id,
      motivo: 'NO_ESTABA',
      fecha: TODAY,
      user_id: t.userId,
    });
    expect(visits[0]!.user_name).toBeTruthy();
    const online = await dataOf<{ motivo: string }[]>(
      await send(app, 'GET', `/api/loans/${loan.id}/visits`, t.token),
    );
    expect(online.map((v) => v.motivo)).toEqual(['NO_ESTABA']);
    const stranger = await tenantWithLoans(sql, app);
    await expectError(
      await send(app, 'GET', `/api/loans/${loan.id}/visits`, stranger.token),
      404,
      'NOT_FOUND',
    );
  });

  it('the number on a phone receipt finds the payment in the office', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ nombre: 'Rosa Pérez' });
    const receiptId = randomUUID();
    const row = loan.amortizationIds[3]!;
    await push(app, t.token, randomUUID(), [
      update(1, { loanId: loan.id, amortizationId: row, baseVersion: 0, pagada: true, receiptId }),
    ]);
    const numero = receiptNumber(receiptId);
    const typed = numero.toLowerCase().replace(/-/g, ' ');
    const found = await dataOf<
      { action: string; loan_reference: string; client_nombre: string; numero_pago: number }[]
    >(await send(app, 'GET', `/api/recibos/${encodeURIComponent(typed)}`, t.token));
    expect(found).toEqual([
      expect.objectContaining({
        action: 'payment.record',
        monto: 600,
        loan_reference: loan.loanReference,
        client_nombre: 'Rosa Pérez',
        numero_pago: 4,
      }),
    ]);
    await expectError(await send(app, 'GET', '/api/recibos/R-0000-0000', t.token), 404, 'NOT_FOUND');
    await expectError(await send(app, 'GET', '/api/recibos/hola', t.token), 400, 'VALIDATION');
  });
});
