// docs/reglas-del-negocio.md dashboard figures from the rows on the device, for when the server cannot be reached. The same
// definitions as server/dashboard/queries.ts, over what the device holds (open loans and those closed in
// the last 8 weeks), so paid and total counts can be lower than the server's.
import type { DashboardResume } from '../../../shared/dashboard/types';
import type { IsoDate } from '../../../shared/dates';
import { figuresRowOf } from '../../../shared/loans/figures';
import type { Amortization, LoanRecord } from '../../../shared/loans/types';
import { type Cents, cents, toCents, toPesos } from '../../../shared/money';

const centsOf = (pesos: number): Cents => toCents(pesos) ?? cents(0);

export function localResume(
  loans: readonly LoanRecord[],
  rowsOfLoan: (loanId: number) => readonly Amortization[],
  totalClients: number,
  today: IsoDate,
): DashboardResume {
  let activeLoans = 0;
  let overdueLoans = 0;
  let paidLoans = 0;
  let weekly = 0;
  let waitToPay = 0;
  let total = 0;
  let overdue = 0;
  for (const loan of loans) {
    if (loan.pagada) {
      paidLoans++;
      continue;
    }
    const abono = centsOf(loan.abono);
    const conInteres = centsOf(loan.monto_con_interes);
    // The outstanding balance (shared/loans/figures): what each row not renewed still lacks of its own amount.
    let outstanding = 0;
    for (const row of rowsOfLoan(loan.id).map(figuresRowOf))
      if (!row.renovo) outstanding += Math.max(0, row.monto - row.received);
    const vencido = today > loan.fecha_fin;
    total += conInteres;
    waitToPay += outstanding;
    if (vencido) {
      overdueLoans++;
      overdue += outstanding;
    } else {
      activeLoans++;
      weekly += abono;
    }
  }
  return {
    allLoans: loans.length,
    activeLoans,
    overdueLoans,
    paidLoans,
    totalClients,
    weeklyCollectionAmount: toPesos(cents(weekly)),
    amountWaitToPay: toPesos(cents(waitToPay)),
    totalAmount: toPesos(cents(total)),
    overdueAmount: toPesos(cents(overdue)),
  };
}
