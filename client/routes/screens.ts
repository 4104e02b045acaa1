import type { ComponentType } from 'react';
import { lazyScreen, type ScreenModule } from './lazy-screen';
import type { AppPath, AppRoute } from './registry';

// Apart from the route table: pages import the table (findRoute) to show a link only when it leads somewhere,
// and the table importing the pages back made a cycle. Each screen's code is its own chunk, so /login loads none.
const screenCode: Record<AppPath, () => Promise<ComponentType>> = {
  '/dashboard': () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  '/cobranza': () => import('../features/cobranza/cobranza-page').then((m) => m.CobranzaPage),
  '/cobranza/recordatorios': () =>
    import('../features/recordatorios/recordatorios-page').then((m) => m.RecordatoriosPage),
  '/loans': () => import('../features/loans/loans-page').then((m) => m.LoansPage),
  '/loans/new': () => import('../features/new-loan/new-loan-page').then((m) => m.NewLoanPage),
  '/loans/import': () => import('../features/imports/import-page').then((m) => m.ImportPage),
  '/loans/:loanId/estado-de-cuenta': () =>
    import('../features/estado-de-cuenta/estado-de-cuenta-page').then((m) => m.EstadoDeCuentaPage),
  '/weekly-sheets': () =>
    import('../features/weekly-sheets/weekly-sheets-page').then((m) => m.WeeklySheetsPage),
  '/weekly-sheets/:weeklySheetId/loans': () =>
    import('../features/weekly-sheets/loans/sheet-loans-page').then((m) => m.SheetLoansPage),
  '/egresos': () => import('../features/egresos/egresos-page').then((m) => m.EgresosPage),
  '/inversiones': () => import('../features/inversiones/inversiones-page').then((m) => m.InversionesPage),
  '/clients': () => import('../features/clients/clients-page').then((m) => m.ClientsPage),
  '/municipalities': () =>
    import('../features/municipalities/municipalities-page').then((m) => m.MunicipalitiesPage),
  '/users': () => import('../features/users/users-page').then((m) => m.UsersPage),
  '/roles': () => import('../features/roles/roles-page').then((m) => m.RolesPage),
  '/accounts': () => import('../features/accounts/accounts-page').then((m) => m.AccountsPage),
  '/ajustes': () => import('../features/settings/account-settings-page').then((m) => m.AccountSettingsPage),
  '/reports/financial-summary': () =>
    import('../features/reports/financial-summary/financial-summary-page').then(
      (m) => m.FinancialSummaryPage,
    ),
  '/reports/financial-summary/:date': () =>
    import('../features/reports/financial-summary/municipality-detail-page').then(
      (m) => m.MunicipalityDetailPage,
    ),
  '/reports/income-statement': () =>
    import('../features/reports/income-statement/income-statement-page').then((m) => m.IncomeStatementPage),
  '/reports/portfolio': () =>
    import('../features/reports/portfolio/portfolio-page').then((m) => m.PortfolioPage),
  '/en-campo': () => import('../features/field/field-page').then((m) => m.FieldPage),
  '/cortes': () => import('../features/cash-counts/cash-counts-page').then((m) => m.CashCountsPage),
  '/loans/history': () => import('../features/loan-history/loan-history-page').then((m) => m.LoanHistoryPage),
  '/sync': () => import('../features/sync/sync-page').then((m) => m.SyncPage),
  '/sync/conflicts': () =>
    import('../features/sync-conflicts/sync-conflicts-page').then((m) => m.SyncConflictsPage),
};

/** One lazy module per registered screen, made once so React keeps each screen's identity. */
const screens = new Map<string, ScreenModule>(
  Object.entries(screenCode).map(([path, load]) => [path, lazyScreen(load)]),
);

export const screenOf = (route: AppRoute): ScreenModule => {
  const screen = screens.get(route.path);
  if (!screen) throw new Error(`Ruta no registrada: ${route.path}`);
  return screen;
};
