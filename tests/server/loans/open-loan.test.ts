import { describe, expect, it } from 'vitest';
import { renewalBalance } from '../../../shared/loans/new-loan-figures';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import type { OpenLoanResponse } from '../../../shared/loans/types';
import { mensajes } from '../../../shared/messages';
import { toCents } from '../../../shared/money';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { expectError, send } from '../helpers/catalog';
import { connectTestSql, testApp } from '../helpers/test-db';
import { loanTenant, paid, saved } from './save-loan-helpers';

const sql = connectTestSql();
const app = testApp(sql);

const openLoan = async (token: string, clientId: number | string) => {
  const res = await send(app, 'GET', `/api/clients/${clientId}/open-loan`, token);
  const body = (await res.json()) as OpenLoanResponse;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
};

describe('GET /api/clients/:id/open-loan', () => {
  it('null without an open loan; the open loan with its rows, from which the form previews the deduction', async () => {
    const t = await loanTenant(sql, app);
    expect(await openLoan(t.token, t.clientId)).toBeNull();
    await t.oldLoan(t.clientId, 20, paid(14)); // paid: not open
    expect(await openLoan(t.token, t.clientId)).toBeNull();
    const open = await t.oldLoan(t.clientId, 3, [...paid(3), { parcial: 100 }]);
    const loan = (await openLoan(t.token, t.clientId))!;
    expect(loan).toMatchObject({ id: open.id, client_id: t.clientId, pagada: false, abono: 600 });
    expect(loan.amortizacion).toHaveLength(14);
    const preview = renewalBalance(
      loan.amortizacion.map((r) => ({ ...r, monto: toCents(r.monto)!, parcial: toCents(r.parcial)! })),
    );
    expect(preview).toBe(650_000);
    // What the form previews is what the save deducts.
    const body = await saved(await t.save(t.body({ monto_credito: 10000, previous_loan_id: loan.id })));
    expect(body.data.loan.monto_entregado).toBe(10000 - preview / 100);
    expect((await openLoan(t.token, t.clientId))!.id).toBe(body.data.loan.id);
  });

  it('an overdue loan is the open loan too', async () => {
    const t = await loanTenant(sql, app);
    const overdue = await t.oldLoan(t.clientId, 16, paid(12));
    expect(await openLoan(t.token, t.clientId)).toMatchObject({ id: overdue.id, vencido: true });
  });

  it('another account’s client is not found; it needs PRESTAMOS_CREAR', async () => {
    const t = await loanTenant(sql, app);
    const other = await loanTenant(sql, app);
    await other.oldLoan(other.clientId, 1);
    await expectError(
      await send(app, 'GET', `/api/clients/${other.clientId}/open-loan`, t.token),
      404,
      'NOT_FOUND',
      m.clienteNoEncontrado,
    );
    await expectError(await send(app, 'GET', '/api/clients/abc/open-loan', t.token), 404, 'NOT_FOUND');
    const collector = await loanTenant(sql, app, SEEDED_ROLES.COBRADOR);
    await expectError(
      await send(app, 'GET', `/api/clients/${collector.clientId}/open-loan`, collector.token),
      403,
      'FORBIDDEN',
      mensajes.sinPermiso,
    );
  });
});
