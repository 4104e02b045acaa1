import { describe, expect, test } from 'vitest';
import { recomputeAccounts } from '../../../server/loans/daily-recompute';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, createTenant } from '../helpers/test-db';

const sql = connectTestSql();

describe('recálculo diario', () => {
  test('marca vencido un préstamo cuya fecha fin ya pasó aunque nadie lo haya editado', async () => {
    const { accountId } = await createTenant(sql);
    const municipalityId = await createMunicipality(sql, accountId);
    const clientId = await createClient(sql, accountId, municipalityId);
    const paymentMethod = await createPaymentMethod(sql, accountId);
    // Derived fields stored as of the loan's first week: active, one payment due.
    const loan = await createLoan(sql, {
      accountId,
      clientId,
      municipalityId,
      paymentMethod,
      montoCredito: 1000,
      fechaInicio: '2020-01-06',
      today: '2020-01-14',
    });
    expect(loan.vencido).toBe(false);

    // Other files share this database: recompute only this test's account, as the hourly job does for each.
    expect(await recomputeAccounts(sql, '2026-11-22', [accountId])).toBe(1);
    const [after] = await sql<{ vencido: boolean; num_pago: number }[]>`select vencido, num_pago from loans
      where id = ${loan.id}`;
    expect(after).toEqual({ vencido: true, num_pago: loan.totalPagos });
  });
});
