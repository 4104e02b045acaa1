import { describe, expect, test } from 'vitest';
import { localResume } from '../../../../client/features/dashboard/local-resume';
import { loanFixture, TODAY } from '../../helpers/sync-fixtures';

describe('the dashboard computed on the device', () => {
  test('follows docs/reglas-del-negocio.md: active, overdue and paid loans, balances from the rows', () => {
    const active = loanFixture(1);
    active.rows[0]!.pagada = true; // 100 paid
    active.rows[1]!.parcial = 40; // 40 paid
    const overdue = loanFixture(2, { fecha_inicio: '2026-01-05', fecha_fin: '2026-04-06' });
    overdue.rows[13]!.renovo = true; // a renewed row owes nothing (the new loan settled it)
    const paid = loanFixture(3, { pagada: true });
    const rows = new Map([
      [1, active.rows],
      [2, overdue.rows],
      [3, paid.rows],
    ]);
    const resume = localResume([active.loan, overdue.loan, paid.loan], (id) => rows.get(id)!, 5, TODAY);
    expect(resume).toEqual({
      allLoans: 3,
      activeLoans: 1,
      overdueLoans: 1,
      paidLoans: 1,
      totalClients: 5,
      weeklyCollectionAmount: 100,
      amountWaitToPay: 1400 - 140 + 1300,
      totalAmount: 2800,
      overdueAmount: 1300,
    });
  });

  test('an empty device gives zeros, not NaN', () => {
    expect(localResume([], () => [], 0, TODAY)).toMatchObject({ allLoans: 0, amountWaitToPay: 0 });
  });
});
