/** GET /api/dashboard-resume (docs/producto.md §7, figures defined in docs/reglas-del-negocio.md). Amounts in pesos with two decimals. */
export interface DashboardResume {
  allLoans: number;
  activeLoans: number;
  overdueLoans: number;
  paidLoans: number;
  totalClients: number;
  overdueAmount: number;
  weeklyCollectionAmount: number;
  amountWaitToPay: number;
  totalAmount: number;
}

/** The status summary of the dashboard (docs/producto.md §2). */
export function dashboardRates(
  r: Pick<DashboardResume, 'allLoans' | 'paidLoans' | 'overdueLoans' | 'totalClients'>,
) {
  return {
    tasaDePago: r.allLoans > 0 ? Math.round((r.paidLoans / r.allLoans) * 100) : 0,
    tasaDeMorosidad: r.allLoans > 0 ? Math.round((r.overdueLoans / r.allLoans) * 100) : 0,
    prestamosPorCliente: r.totalClients > 0 ? (r.allLoans / r.totalClients).toFixed(1) : '0.0',
  };
}
