// The API's routes as the router holds them, and the few facts about them the attack suite keeps by hand:
// which are public, which a COBRADOR may call, and what kind of row each path parameter names. Each list
// fails the suite when the router and the list disagree, so a new route is attacked by default.
export interface ApiRoute {
  method: string;
  /** Hono's pattern, e.g. `/api/clients/:id{[0-9]{1,15}}`. */
  path: string;
  /** `METHOD /api/path` without parameter patterns: `PUT /api/clients/:id`. */
  key: string;
  params: string[];
}

// A parameter with an optional pattern, whose braces may nest once: `:id{[0-9]{1,15}}`.
const PARAM = /:(\w+)(?:\{(?:[^{}]|\{[^{}]*\})*\})?/g;

/** Every API route of the app, once per method and path, in registration order. */
export function apiRoutes(app: { routes: readonly { method: string; path: string }[] }): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const { method, path } of app.routes) {
    // 'ALL' entries are middleware and the JSON 404 for unknown paths, not routes.
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    const bare = path.replace(PARAM, ':$1');
    const key = `${method} ${bare}`;
    if (seen.has(key)) continue;
    const params = [...path.matchAll(PARAM)].map((m) => m[1]!);
    seen.set(key, { method, path, key, params });
  }
  return [...seen.values()];
}

/** Answer without a token by design; every other route must refuse a missing or forged one with 401. */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/login',
  'POST /api/refresh-token',
  // Signing out needs only the refresh token: the access token may have expired (server/auth/routes.ts).
  'POST /api/logout',
]);

/**
 * What a COBRADOR (PRESTAMOS_VER, PAGOS_REGISTRAR, HOJAS_VER) may call, read off each route's
 * requirePermission/requireAnyPermission. Every other authenticated route must answer 403 to a collector:
 * a new route is forbidden to collectors until it is added here on purpose.
 */
export const COBRADOR_ALLOWED = new Set([
  'GET /api/me', // any signed-in user
  'GET /api/dashboard-resume', // PRESTAMOS_VER
  'GET /api/clients', // any of CLIENTES_GESTIONAR, PRESTAMOS_VER, PRESTAMOS_CREAR
  'GET /api/clients/:id',
  'GET /api/municipalities', // any signed-in user
  'GET /api/municipalities/:id',
  'GET /api/payment-methods', // any signed-in user
  'GET /api/list-loans', // PRESTAMOS_VER
  'GET /api/loans/:loanId',
  'GET /api/loan-history',
  'GET /api/last-group', // any of PRESTAMOS_VER, PRESTAMOS_CREAR
  'GET /api/reporte-pagos-temp', // PRESTAMOS_VER
  'POST /api/actualizar-num-pag', // PAGOS_REGISTRAR
  'POST /api/update-num-pago',
  'POST /api/aplicar-pago', // PAGOS_REGISTRAR
  'PUT /api/loans/:loanId/amortizations/:id',
  'GET /api/loans/:loanId/amortizations/:id/history', // PRESTAMOS_VER
  'GET /api/loans/:loanId/payments', // PRESTAMOS_VER
  'GET /api/coverage-week', // any of HOJAS_GENERAR, HOJAS_VER
  'GET /api/weekly-sheets', // HOJAS_VER
  'GET /api/weekly-sheets/:id',
  'GET /api/weekly-sheets/:id/status',
  'GET /api/weekly-sheets/:id/file',
  'GET /api/loans-weekly-sheets',
  'GET /api/loans/:loanId/visits', // PRESTAMOS_VER
  'POST /api/sync/push', // PAGOS_REGISTRAR
  'POST /api/sync/pull', // PRESTAMOS_VER
]);

/** The kinds of row an id in a path, query or body can name. */
export const KINDS = [
  'account',
  'municipality',
  // A town as a person writes it in a spreadsheet (the portfolio import names towns, not ids).
  'townName',
  'client',
  'freeClient',
  'paymentMethod',
  'loan',
  'editableLoan',
  'amortization',
  'sheet',
  'catalogo',
  'egreso',
  'role',
  'user',
  'collector',
  'conflict',
  'receipt',
  'device',
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * The kind of a path parameter from the literal segment before it. An unknown pair fails the suite: a new
 * route's parameter must be given a kind here before the foreign-id attack can aim at it.
 */
const PARAM_KINDS: Record<string, Kind> = {
  'clients/:id': 'client',
  'municipalities/:id': 'municipality',
  'users/:id': 'user',
  'delete-user/:id': 'user',
  'accounts/:id': 'account',
  'loans/:loanId': 'loan',
  'amortizations/:id': 'amortization',
  'weekly-sheets/:id': 'sheet',
  'process-weekly-sheet/:id': 'sheet',
  'egresos/:id': 'egreso',
  'conflicts/:id': 'conflict',
  'recibos/:numero': 'receipt',
};

export function paramKind(
  route: ApiRoute,
  param: string,
  overrides: Partial<Record<string, Kind>> = {},
): Kind {
  const override = overrides[param];
  if (override) return override;
  const segments = route.key.split(' ')[1]!.split('/');
  const at = segments.indexOf(`:${param}`);
  const kind = PARAM_KINDS[`${segments[at - 1]}/:${param}`];
  if (!kind)
    throw new Error(
      `${route.key}: el parámetro :${param} no tiene tipo; añádalo a PARAM_KINDS (security/routes.ts)`,
    );
  return kind;
}

/** The route's path with each parameter replaced by `values[param]`. */
export function fillPath(route: ApiRoute, values: Record<string, string | number>): string {
  return route.path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.key}: falta el valor de :${name}`);
    return encodeURIComponent(String(value));
  });
}
