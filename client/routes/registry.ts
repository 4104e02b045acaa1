import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import type { Permission } from '../../shared/permissions';
import type { NavIconName } from '../ui/icons';

/** Sidebar groups (docs/producto.md §2). A group shows only when at least one of its entries is registered and allowed. */
export const NAV_GROUPS = {
  reportes: { label: 'Reportes Financieros', icon: 'reports' },
} as const satisfies Record<string, { label: string; icon: NavIconName }>;

export type NavGroupId = keyof typeof NAV_GROUPS;

export interface NavEntry {
  label: string;
  icon: NavIconName;
  group?: NavGroupId;
  /** First in the menu for field users (those who cannot create loans), in place for the office. */
  firstInField?: boolean;
}

export interface AppRoute {
  /** Absolute path inside the signed-in layout, react-router syntax ('/weekly-sheets/:weeklySheetId/loans'). */
  path: string;
  /** The page component, loaded on first visit so the login screen ships only what it needs. */
  load: () => Promise<ComponentType>;
  /** Users without it (all of them, for a list) see neither the link nor the screen (docs/arquitectura.md). */
  permission?: Permission | readonly Permission[];
  /** Present when the screen has a sidebar link; entries keep docs/producto.md §2's order. */
  nav?: NavEntry;
}

/**
 * Every screen behind the login, in sidebar order. Only screens that exist are listed: a later issue adds its
 * entry here with its page, and the router, the sidebar and the dashboard's quick actions pick it up. E.g.
 * `{ path: '/loans', load: …, permission: 'PRESTAMOS_VER', nav: { label: 'Préstamos', icon: 'loans' } }` or
 * `{ path: '/reports/financial-summary', …, nav: { label: 'Resumen Financiero', icon: 'reports', group: 'reportes' } }`.
 */
export const appRoutes: readonly AppRoute[] = [
  {
    path: '/dashboard',
    load: () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
    nav: { label: 'Dashboard', icon: 'dashboard' },
  },
  {
    path: '/cobranza',
    load: () => import('../features/cobranza/cobranza-page').then((m) => m.CobranzaPage),
    permission: ['HOJAS_VER', 'PAGOS_REGISTRAR'],
    nav: { label: 'Cobranza', icon: 'cobranza', firstInField: true },
  },
  {
    path: '/loans',
    load: () => import('../features/loans/loans-page').then((m) => m.LoansPage),
    permission: 'PRESTAMOS_VER',
    nav: { label: 'Préstamos', icon: 'loans' },
  },
  {
    path: '/loans/new',
    load: () => import('../features/new-loan/new-loan-page').then((m) => m.NewLoanPage),
    permission: 'PRESTAMOS_CREAR',
  },
  {
    path: '/weekly-sheets',
    load: () => import('../features/weekly-sheets/weekly-sheets-page').then((m) => m.WeeklySheetsPage),
    permission: 'HOJAS_VER',
    nav: { label: 'Hojas Semanales', icon: 'sheets' },
  },
  {
    path: '/weekly-sheets/:weeklySheetId/loans',
    load: () => import('../features/weekly-sheets/loans/sheet-loans-page').then((m) => m.SheetLoansPage),
    permission: 'HOJAS_VER',
  },
  {
    path: '/egresos',
    load: () => import('../features/egresos/egresos-page').then((m) => m.EgresosPage),
    permission: 'EGRESOS_GESTIONAR',
    nav: { label: 'Egresos', icon: 'egresos' },
  },
  {
    path: '/inversiones',
    load: () => import('../features/inversiones/inversiones-page').then((m) => m.InversionesPage),
    permission: 'INVERSIONES_GESTIONAR',
    nav: { label: 'Inversiones', icon: 'inversiones' },
  },
  {
    path: '/clients',
    load: () => import('../features/clients/clients-page').then((m) => m.ClientsPage),
    permission: 'CLIENTES_GESTIONAR',
    nav: { label: 'Clientes', icon: 'clients' },
  },
  {
    path: '/municipalities',
    load: () => import('../features/municipalities/municipalities-page').then((m) => m.MunicipalitiesPage),
    permission: 'MUNICIPIOS_GESTIONAR',
    nav: { label: 'Municipios', icon: 'municipalities' },
  },
  {
    path: '/users',
    load: () => import('../features/users/users-page').then((m) => m.UsersPage),
    permission: 'USUARIOS_GESTIONAR',
    nav: { label: 'Usuarios', icon: 'users' },
  },
  {
    path: '/roles',
    load: () => import('../features/roles/roles-page').then((m) => m.RolesPage),
    permission: 'ROLES_GESTIONAR',
    nav: { label: 'Roles', icon: 'roles' },
  },
  {
    path: '/accounts',
    load: () => import('../features/accounts/accounts-page').then((m) => m.AccountsPage),
    permission: 'CUENTAS_GESTIONAR',
    nav: { label: 'Cuentas', icon: 'accounts' },
  },
  {
    path: '/reports/financial-summary',
    load: () =>
      import('../features/reports/financial-summary/financial-summary-page').then(
        (m) => m.FinancialSummaryPage,
      ),
    permission: 'REPORTES_VER',
    nav: { label: 'Resumen Financiero', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/reports/financial-summary/:date',
    load: () =>
      import('../features/reports/financial-summary/municipality-detail-page').then(
        (m) => m.MunicipalityDetailPage,
      ),
    permission: 'REPORTES_VER',
  },
  {
    path: '/reports/income-statement',
    load: () =>
      import('../features/reports/income-statement/income-statement-page').then((m) => m.IncomeStatementPage),
    permission: 'REPORTES_VER',
    nav: { label: 'Estado de Resultados', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/reports/portfolio',
    load: () => import('../features/reports/portfolio/portfolio-page').then((m) => m.PortfolioPage),
    permission: 'REPORTES_VER',
    nav: { label: 'Salud de la Cartera', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/cortes',
    load: () => import('../features/cortes/cortes-page').then((m) => m.CortesPage),
    permission: 'REPORTES_VER',
    nav: { label: 'Cortes de Caja', icon: 'cortes', group: 'reportes' },
  },
  {
    path: '/loans/history',
    load: () => import('../features/loan-history/loan-history-page').then((m) => m.LoanHistoryPage),
    permission: 'PRESTAMOS_VER',
  },
  {
    path: '/sync',
    load: () => import('../features/sync/sync-page').then((m) => m.SyncPage),
    nav: { label: 'Sincronización', icon: 'sync' },
  },
  {
    path: '/sync/conflicts',
    load: () => import('../features/sync-conflicts/sync-conflicts-page').then((m) => m.SyncConflictsPage),
    permission: 'PRESTAMOS_CREAR',
    nav: { label: 'Conflictos', icon: 'conflicts' },
  },
];

export { HOME_PATH } from './home-path';

const pathnameOf = (to: string): string => to.split(/[?#]/, 1)[0] ?? to;

/** The registered route a link target ('/loans?status=overdue') leads to, if its screen exists. */
export const findRoute = (to: string): AppRoute | undefined =>
  appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathnameOf(to)) !== null);

/** Whether a link target has a screen today; features show their buttons only when it does. */
export const isRouteRegistered = (to: string): boolean => findRoute(to) !== undefined;
