import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { mensajes } from '../shared/messages';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { cashCountRoutes } from './cash-counts/routes';
import { clientRoutes } from './clients/routes';
import { dashboardRoutes } from './dashboard/routes';
import { egresoRoutes } from './egresos/routes';
import { fieldRoutes } from './field/routes';
import { healthRoutes } from './health/routes';
import { errorResponse, handleError, payloadTooLarge } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { untilDatabaseReady } from './http/unavailable';
import { closeOnUnreadBody } from './http/unread-body';
import { importRoutes } from './imports/routes';
import { inversionRoutes } from './inversiones/routes';
import { editLoanRoutes } from './loans/edit-routes';
import { loanRoutes } from './loans/routes';
import { saveLoanRoutes } from './loans/save-loan-routes';
import { accountSettingsRoutes } from './location/settings-routes';
import { municipalityRoutes } from './municipalities/routes';
import { paymentMethodRoutes } from './payment-methods/routes';
import { paymentRoutes } from './payments/routes';
import { reportRoutes } from './reports/routes';
import { roleRoutes } from './roles/routes';
import { sheetRoutes } from './sheets/routes';
import { syncRoutes } from './sync/routes';
import type { AppDeps, AppEnv } from './types';
import { userRoutes } from './users/routes';
import { visitRoutes } from './visits/routes';

const MAX_BODY_BYTES = 1024 * 1024;

/** The API, without a port: `server/index.ts` serves it, tests call `app.request()`. */
export function createApi(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  if (deps.ready) api.use('*', untilDatabaseReady(deps.ready, deps.preparing));
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: payloadTooLarge,
    }),
  );
  api.route('/', healthRoutes(deps));
  api.route('/', authRoutes(deps));
  api.route('/', dashboardRoutes(deps));
  api.route('/', clientRoutes(deps));
  api.route('/', municipalityRoutes(deps));
  api.route('/', paymentMethodRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', roleRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', accountSettingsRoutes(deps));
  api.route('/', loanRoutes(deps));
  api.route('/', saveLoanRoutes(deps));
  api.route('/', editLoanRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', sheetRoutes(deps));
  api.route('/', reportRoutes(deps));
  api.route('/', egresoRoutes(deps));
  api.route('/', inversionRoutes(deps));
  api.route('/', cashCountRoutes(deps));
  api.route('/', visitRoutes(deps));
  api.route('/', importRoutes(deps));
  api.route('/', fieldRoutes(deps));
  api.route('/', syncRoutes(deps));
  api.notFound((c) => errorResponse(c, 'NOT_FOUND', mensajes.noEncontrado));
  api.onError(handleError);
  return api;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // A sync page of 2,000 rows is ~0.5 MB of JSON and ~10× less gzipped: on a village's 3G that is the
  // difference between a first sync in seconds and in minutes. The app's own files shrink ~3× too.
  app.use('*', compress());
  app.use('*', securityHeaders());
  app.use('*', closeOnUnreadBody());
  app.route('/api', createApi(deps));
  // Hono answers unknown paths of a mounted sub-app from the parent: keep them in the JSON error shape.
  app.all('/api/*', (c) => errorResponse(c, 'NOT_FOUND', mensajes.noEncontrado));
  app.onError(handleError);
  return app;
}
