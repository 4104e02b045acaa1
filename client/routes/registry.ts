import { matchPath } from 'react-router-dom';
import type { Permission } from '../../shared/permissions';
import type { NavIconName } from '../ui/icons';
import { FIELD_HOME_PERMISSIONS } from './home-path';

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
  /** Users without it (all of them, for a list) see neither the link nor the screen (docs/arquitectura.md). */
  permission?: Permission | readonly Permission[];
  /** Present when the screen has a sidebar link; entries keep docs/producto.md §2's order. */
  nav?: NavEntry;
}

/**
 * Every screen behind the login, in sidebar order. Only screens that exist are listed: a new screen adds its
 * entry here and its code in client/routes/screens.ts (the type checker asks for it), and the router, the
 * sidebar and the dashboard's quick actions pick it up.
 */
const routeTable = [
  {
    path: '/dashboard',
    nav: { label: 'Dashboard', icon: 'dashboard' },
  },
  {
    path: '/cobranza',
    permission: FIELD_HOME_PERMISSIONS,
    nav: { label: 'Cobranza', icon: 'cobranza', firstInField: true },
  },
  {
    // Whoever works Cobranza reminds its clients (docs/producto.md §2.24).
    path: '/cobranza/recordatorios',
    permission: FIELD_HOME_PERMISSIONS,
  },
  {
    path: '/loans',
    permission: 'PRESTAMOS_VER',
    nav: { label: 'Préstamos', icon: 'loans' },
  },
  {
    path: '/loans/new',
    permission: 'PRESTAMOS_CREAR',
  },
  {
    path: '/loans/import',
    permission: ['PRESTAMOS_CREAR', 'CLIENTES_GESTIONAR'],
  },
  {
    // A loan's data: every seeded role that works Cobranza has it (docs/producto.md §2.23).
    path: '/loans/:loanId/estado-de-cuenta',
    permission: 'PRESTAMOS_VER',
  },
  {
    path: '/weekly-sheets',
    permission: 'HOJAS_VER',
    nav: { label: 'Hojas Semanales', icon: 'sheets' },
  },
  {
    path: '/weekly-sheets/:weeklySheetId/loans',
    permission: 'HOJAS_VER',
  },
  {
    path: '/egresos',
    permission: 'EGRESOS_GESTIONAR',
    nav: { label: 'Egresos', icon: 'egresos' },
  },
  {
    path: '/inversiones',
    permission: 'INVERSIONES_GESTIONAR',
    nav: { label: 'Inversiones', icon: 'inversiones' },
  },
  {
    path: '/clients',
    permission: 'CLIENTES_GESTIONAR',
    nav: { label: 'Clientes', icon: 'clients' },
  },
  {
    path: '/municipalities',
    permission: 'MUNICIPIOS_GESTIONAR',
    nav: { label: 'Municipios', icon: 'municipalities' },
  },
  {
    path: '/users',
    permission: 'USUARIOS_GESTIONAR',
    nav: { label: 'Usuarios', icon: 'users' },
  },
  {
    path: '/roles',
    permission: 'ROLES_GESTIONAR',
    nav: { label: 'Roles', icon: 'roles' },
  },
  {
    path: '/accounts',
    permission: 'CUENTAS_GESTIONAR',
    nav: { label: 'Cuentas', icon: 'accounts' },
  },
  {
    // Every account's ADMINISTRADOR has USUARIOS_GESTIONAR; CUENTAS_GESTIONAR only the installation's (decision 029).
    path: '/ajustes',
    // Reached from Usuarios, not the menu: at 1280 × 800 one more entry pushed 'Reportes' below the fold.
    permission: 'USUARIOS_GESTIONAR',
  },
  {
    path: '/reports/financial-summary',
    permission: 'REPORTES_VER',
    nav: { label: 'Resumen Financiero', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/reports/financial-summary/:date',
    permission: 'REPORTES_VER',
  },
  {
    path: '/reports/income-statement',
    permission: 'REPORTES_VER',
    nav: { label: 'Estado de Resultados', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/reports/portfolio',
    permission: 'REPORTES_VER',
    nav: { label: 'Salud de la Cartera', icon: 'reports', group: 'reportes' },
  },
  {
    path: '/cortes',
    permission: 'REPORTES_VER',
    nav: { label: 'Cortes de Caja', icon: 'cortes', group: 'reportes' },
  },
  {
    path: '/loans/history',
    permission: 'PRESTAMOS_VER',
  },
  {
    path: '/en-campo',
    permission: 'REPORTES_VER',
    nav: { label: 'En campo', icon: 'campo' },
  },
  {
    path: '/sync',
    nav: { label: 'Sincronización', icon: 'sync' },
  },
  {
    path: '/sync/conflicts',
    permission: 'PRESTAMOS_CREAR',
    nav: { label: 'Conflictos', icon: 'conflicts' },
  },
] as const satisfies readonly AppRoute[];

export const appRoutes: readonly AppRoute[] = routeTable;

/** A registered screen's path, as written above: client/routes/screens.ts gives each one its code. */
export type AppPath = (typeof routeTable)[number]['path'];

const pathnameOf = (to: string): string => to.split(/[?#]/, 1)[0] ?? to;

/** The registered route a link target ('/loans?status=overdue') leads to, if its screen exists. */
export const findRoute = (to: string): AppRoute | undefined =>
  appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathnameOf(to)) !== null);

/** Whether a link target has a screen today; features show their buttons only when it does. */
export const isRouteRegistered = (to: string): boolean => findRoute(to) !== undefined;
