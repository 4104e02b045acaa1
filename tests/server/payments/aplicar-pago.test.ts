import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../shared/loans/types';
import { mensajes } from '../../../shared/messages';
import { paymentMessages as m } from '../../../shared/payments/messages';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { expectError, expectNoServerErrors, send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { eventsOf, rowsOf, TODAY, tenantWithLoans } from '../sync/helpers';

const sql = connectTestSql();
const app = testApp(sql);

type PaymentBody = { data: { loan: Loan; changes: { id: number }[] }; message: string };

describe('POST /api/aplicar-pago and PUT /api/loans/:loanId/amortizations/:id', () => {
  it('pagada marks the row paid today, answers the loan and records one payment event', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    const [first] = loan.amortizationIds;
    const res = await send(app, 'POST', '/api/aplicar-pago', t.token, {
      loan_id: loan.id,
      id: first,
      pagada: true,
    });
    const body = (await res.json()) as PaymentBody;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(m.pagoActualizado);
    expect(body.data.loan.amortizacion[0]).toMatchObject({
      id: first,
      pagada: true,
      fecha_pagada: TODAY,
      parcial: 0,
    });
    const events = await eventsOf(sql, [loan.id]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'pago',
      amount: '600.00',
      fecha: TODAY,
      amortization_id: first,
      user_id: t.userId,
      client_id: null,
      mutation_id: null,
      origen: 'oficina',
    });
    expect(body.data.changes).toEqual([
      {
        id: first,
        numero_pago: 1,
        before: { pagada: false, parcial: 0, fecha_pagada: null, version: expect.any(Number) },
        after: { pagada: true, parcial: 0, fecha_pagada: TODAY, version: expect.any(Number) },
      },
    ]);
  });

  it('an amount over abono pays the row and carries the excess to the next unpaid rows', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{}, { pagada: true }, {}, { parcial: 100 }] });
    expect(loan.abono).toBe(60_000);
    // 600 + (skip paid #2) 600 + 500 (what #4 lacks) + 250 → #5 partial.
    const res = await send(app, 'POST', '/api/aplicar-pago', t.token, {
      loan_id: loan.id,
      id: loan.amortizationIds[0],
      monto_pagado: 1950,
      fecha_pagada: TODAY,
    });
    expect(res.status).toBe(200);
    const rows = await rowsOf(sql, loan.id);
    expect(rows.slice(0, 6).map((r) => [r.pagada, r.parcial, r.fecha_pagada])).toEqual([
      [true, '0.00', TODAY],
      [true, '0.00', rows[1]!.fecha_pagada],
      [true, '0.00', TODAY],
      [true, '0.00', TODAY],
      [false, '250.00', TODAY],
      [false, '0.00', null],
    ]);
    // One event for what was received, aimed at the row edited; the changes name every row it reached.
    const events = await eventsOf(sql, [loan.id]);
    expect(events.filter((e) => e.origen === 'oficina').map((e) => [e.amount, e.amortization_id])).toEqual([
      ['1950.00', loan.amortizationIds[0]],
    ]);
    const body = (await res.json()) as PaymentBody;
    expect(body.data.changes.map((c) => c.id)).toEqual([0, 2, 3, 4].map((i) => loan.amortizationIds[i]));
  });

  it('money beyond what the loan owes is refused, naming the balance, and nothing changes', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: Array.from({ length: 13 }, () => ({ pagada: true })) });
    const before = await rowsOf(sql, loan.id);
    const res = await send(
      app,
      'PUT',
      `/api/loans/${loan.id}/amortizations/${loan.amortizationIds[13]}`,
      t.token,
      {
        parcial: 600.5,
      },
    );
    await expectError(res, 400, 'VALIDATION', m.excedeSaldo('$600.00'));
    expect(await rowsOf(sql, loan.id)).toEqual(before);
    expect((await eventsOf(sql, [loan.id])).filter((e) => e.origen !== 'migracion')).toHaveLength(0);
  });

  it('paid and renewed rows are locked; unchecking a paid row is refused', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: [{ pagada: true }, { renovo: true }] });
    const [paid, renewed] = loan.amortizationIds;
    const put = (id: number | undefined, body: object) =>
      send(app, 'PUT', `/api/loans/${loan.id}/amortizations/${id}`, t.token, body);
    await expectError(await put(paid, { pagada: false }), 409, 'CONFLICT', m.yaPagada);
    await expectError(await put(paid, { parcial: 10 }), 409, 'CONFLICT', m.yaPagada);
    await expectError(await put(renewed, { pagada: true }), 409, 'CONFLICT', m.renovada);
  });

  it('the last payment closes the loan (derived fields recomputed in the same transaction)', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan({ rows: Array.from({ length: 13 }, () => ({ pagada: true })) });
    const res = await send(
      app,
      'PUT',
      `/api/loans/${loan.id}/amortizations/${loan.amortizationIds[13]}`,
      t.token,
      {
        pagada: true,
        parcial: 0,
        fecha_pagada: null,
      },
    );
    const body = (await res.json()) as PaymentBody;
    expect(body.message).toBe(m.amortizacionActualizada);
    expect(body.data.loan).toMatchObject({ pagada: true, vencido: false, pending_payments_count: 0 });
    const [stored] = await sql<
      { closed_at: Date | null }[]
    >`select closed_at from loans where id = ${loan.id}`;
    expect(stored!.closed_at).not.toBeNull();
  });

  it('another account’s loan or row is not found (404), as is a row of another loan', async () => {
    const t = await tenantWithLoans(sql, app);
    const other = await tenantWithLoans(sql, app);
    const foreign = await other.addLoan();
    const mine = await t.addLoan();
    const foreignRow = foreign.amortizationIds[0];
    await expectError(
      await send(app, 'POST', '/api/aplicar-pago', t.token, {
        loan_id: foreign.id,
        id: foreignRow,
        pagada: true,
      }),
      404,
      'NOT_FOUND',
      m.prestamoNoEncontrado,
    );
    await expectError(
      await send(app, 'PUT', `/api/loans/${mine.id}/amortizations/${foreignRow}`, t.token, { pagada: true }),
      404,
      'NOT_FOUND',
      m.amortizacionNoEncontrada,
    );
    await expectError(await send(app, 'GET', `/api/loans/${foreign.id}`, t.token), 404, 'NOT_FOUND');
    expect((await rowsOf(sql, foreign.id))[0]!.pagada).toBe(false);
  });

  it('needs PAGOS_REGISTRAR; a COBRADOR may register payments', async () => {
    const reader = await tenantWithLoans(sql, app, ['PRESTAMOS_VER']);
    const loan = await reader.addLoan();
    const body = { loan_id: loan.id, id: loan.amortizationIds[0], pagada: true };
    await expectError(
      await send(app, 'POST', '/api/aplicar-pago', reader.token, body),
      403,
      'FORBIDDEN',
      mensajes.sinPermiso,
    );
    const collector = await tenantWithLoans(sql, app, SEEDED_ROLES.COBRADOR);
    const own = await collector.addLoan();
    const ok = await send(app, 'POST', '/api/aplicar-pago', collector.token, {
      loan_id: own.id,
      id: own.amortizationIds[0],
      pagada: true,
    });
    expect(ok.status).toBe(200);
  });

  it('malformed bodies are a 400, never a 500', async () => {
    const t = await tenantWithLoans(sql, app);
    const loan = await t.addLoan();
    await expectNoServerErrors(app, t.token, [
      ['POST', '/api/aplicar-pago'],
      ['PUT', `/api/loans/${loan.id}/amortizations/${loan.amortizationIds[0]}`],
      ['POST', '/api/actualizar-num-pag'],
      ['POST', '/api/update-num-pago'],
      ['POST', '/api/sync/push'],
      ['POST', '/api/sync/pull'],
    ]);
    for (const body of [
      { loan_id: loan.id, id: loan.amortizationIds[0], monto_pagado: -5, fecha_pagada: TODAY },
      { loan_id: loan.id, id: loan.amortizationIds[0], monto_pagado: '1e400', fecha_pagada: TODAY },
      { loan_id: loan.id, id: loan.amortizationIds[0], pagada: true, fecha_pagada: '99999-01-01' },
      { loan_id: 1e300, id: loan.amortizationIds[0], pagada: true },
    ]) {
      const res = await send(app, 'POST', '/api/aplicar-pago', t.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
