// A valid request of every route that takes a body or a query, built from one account's ids. The attack suite
// finds which fields carry ids by building each request from sentinel ids (probeIds), so a body that names
// another row is attacked field by field without listing its fields twice.
import { randomUUID } from 'node:crypto';
import type { ApiRoute, Kind } from './routes';
import { fillPath, KINDS, paramKind } from './routes';
import { type Ids, PASSWORD, TODAY } from './world';

export interface RouteRequest {
  /** Path parameters whose kind is not the one PARAM_KINDS gives (e.g. a loan that may still be edited). */
  params?: Partial<Record<string, Kind>>;
  query?: (ids: Ids) => Record<string, string | number>;
  /** Each a valid body; several when the route takes different shapes (a new client inline, a renewal). */
  bodies?: ((ids: Ids) => unknown)[];
}

const unique = () => randomUUID().slice(0, 8).toUpperCase();
const email = () => `nuevo-${unique().toLowerCase()}@prueba.mx`;
const monthStart = `${TODAY.slice(0, 8)}01`;
const range = () => ({ fechaInicio: monthStart, fechaFin: TODAY });
const garantias = ['Televisión', 'Estufa'];

const clientBody = (ids: Ids) => ({
  nombre: 'Cliente Nuevo',
  telefono: '2221234567',
  municipality_id: ids.municipality,
});
const egresoBody = (ids: Ids) => ({
  fecha: TODAY,
  importe: 120,
  responsable: 'Caja',
  id_catalogo: ids.catalogo,
});
const mutation = (name: string, args: Record<string, unknown>) => ({
  id: 1,
  name,
  args: { receiptId: randomUUID(), ...args },
  clientTime: new Date().toISOString(),
});

/**
 * Every route that is not a plain GET must be here (the suite fails otherwise), so a new write route is given a
 * valid request before it is attacked. A GET missing here is called without a query.
 */
export const REQUESTS: Record<string, RouteRequest> = {
  'POST /api/login': { bodies: [() => ({ email: 'nadie@prueba.mx', password: PASSWORD })] },
  'POST /api/refresh-token': { bodies: [() => ({ refreshToken: 'x'.repeat(43) })] },
  'POST /api/logout': { bodies: [() => ({ refreshToken: 'x'.repeat(43) })] },
  'GET /api/clients': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'POST /api/add-client': { bodies: [clientBody] },
  'POST /api/clients': { bodies: [clientBody] },
  'PUT /api/clients/:id': { bodies: [clientBody] },
  'DELETE /api/clients/:id': {},
  'GET /api/municipalities': { query: () => ({ delete: 'false' }) },
  'POST /api/municipalities': {
    bodies: [() => ({ name: `Municipio ${unique()}`, collection_day: 'LUNES' })],
  },
  // The town keeps its name: the import's request names it (townName).
  'PUT /api/municipalities/:id': { bodies: [() => ({ collection_day: 'MARTES' })] },
  'DELETE /api/municipalities/:id': {},
  'POST /api/register-user': {
    bodies: [
      (ids) => ({
        name: 'Usuario Nuevo',
        email: email(),
        password: PASSWORD,
        account_id: ids.account,
        role_id: ids.role,
        municipios: [ids.municipality],
      }),
    ],
  },
  'PUT /api/users/:id': {
    bodies: [
      (ids) => ({
        name: 'Usuario Editado',
        email: email(),
        account_id: ids.account,
        role_id: ids.role,
        municipios: [ids.municipality],
      }),
    ],
  },
  'DELETE /api/delete-user/:id': {},
  'POST /api/create-role': {
    bodies: [
      (ids) => ({ role_name: `ROL ${unique()}`, permissions: ['PRESTAMOS_VER'], account_id: ids.account }),
    ],
  },
  'GET /api/list-roles': { query: (ids) => ({ accountId: ids.account }) },
  'POST /api/accounts': { bodies: [() => ({ name: `Cuenta ${unique()}` })] },
  'PUT /api/accounts/:id': { bodies: [() => ({ name: `Cuenta ${unique()}` })] },
  'PUT /api/account-settings': { bodies: [() => ({ registrar_ubicacion: false })] },
  'DELETE /api/accounts/:id': {},
  'GET /api/list-loans': { query: (ids) => ({ municipalityId: ids.municipality, clientId: ids.client }) },
  'GET /api/loan-history': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'GET /api/last-group': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'GET /api/reporte-pagos-temp': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'POST /api/actualizar-num-pag': { bodies: [(ids) => ({ loan_id: ids.loan })] },
  'POST /api/update-num-pago': { bodies: [(ids) => ({ loan_id: ids.loan })] },
  'POST /api/save-loan': {
    bodies: [
      (ids) => ({
        client_id: ids.freeClient,
        payment_method_id: ids.paymentMethod,
        monto_credito: 3000,
        fecha_inicio: TODAY,
        garantias,
      }),
      (ids) => ({
        new_client: { nombre: 'Cliente Inline', telefono: '2229876543', municipality_id: ids.municipality },
        payment_method_id: ids.paymentMethod,
        monto_credito: 3000,
        fecha_inicio: TODAY,
        garantias,
      }),
      // A renewal of the client's open loan.
      (ids) => ({
        client_id: ids.client,
        previous_loan_id: ids.loan,
        payment_method_id: ids.paymentMethod,
        monto_credito: 9000,
        fecha_inicio: TODAY,
        garantias,
      }),
    ],
  },
  'PUT /api/loans/:loanId': {
    params: { loanId: 'editableLoan' },
    bodies: [(ids) => ({ grupo: 2, garantias, payment_method_id: ids.paymentMethod, monto_credito: 6000 })],
  },
  'POST /api/aplicar-pago': {
    bodies: [(ids) => ({ loan_id: ids.loan, id: ids.amortization, pagada: true })],
  },
  'PUT /api/loans/:loanId/amortizations/:id': { bodies: [() => ({ parcial: 50, fecha_pagada: TODAY })] },
  'GET /api/coverage-week': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'POST /api/hoja-de-cobro': { bodies: [(ids) => ({ municipalityId: ids.municipality })] },
  'POST /api/weekly-sheets': { bodies: [(ids) => ({ municipalityId: ids.municipality })] },
  'GET /api/weekly-sheets': { query: (ids) => ({ municipalityId: ids.municipality }) },
  'PUT /api/weekly-sheets/:id': { bodies: [() => ({ coverageWeek: TODAY })] },
  'DELETE /api/weekly-sheets/:id': {},
  'GET /api/loans-weekly-sheets': { query: (ids) => ({ weeklySheetId: ids.sheet }) },
  'POST /api/process-weekly-sheet/:id': {},
  'GET /api/resumen_creditos_cobros': { query: range },
  'GET /api/resumen_creditos_cobros/file': { query: range },
  'GET /api/resumen_creditos_cobros_municipio': { query: () => ({ fecha: TODAY }) },
  'GET /api/resumen_creditos_cobros_municipio/file': { query: () => ({ fecha: TODAY }) },
  'GET /api/estado-resultados': { query: range },
  'GET /api/estado-resultados/file': { query: range },
  'GET /api/reporte-cartera': { query: range },
  'GET /api/reporte-cartera/file': { query: range },
  'GET /api/list-egresos': { query: range },
  'GET /api/list-egresos/file': { query: range },
  'POST /api/guardar-egreso': { bodies: [egresoBody] },
  'PUT /api/egresos/:id': { bodies: [egresoBody] },
  'GET /api/list-inversiones': { query: range },
  'GET /api/list-inversiones/file': { query: range },
  'POST /api/guardar-inversion': {
    bodies: [
      () => ({ fecha: TODAY, importe: 300, responsable: 'Socio', tipo: 'Retiro', descripcion: 'Retiro' }),
    ],
  },
  'GET /api/cortes': { query: (ids) => ({ ...range(), user_id: ids.collector }) },
  'GET /api/cortes/file': { query: (ids) => ({ ...range(), user_id: ids.collector }) },
  'POST /api/sync/push': {
    // One mutation per body: a body whose only mutation is refused must leave nothing behind.
    bodies: [
      (ids) => ({
        clientId: ids.device,
        mutations: [
          mutation('amortization.update', {
            loanId: ids.loan,
            amortizationId: ids.amortization,
            baseVersion: 1,
            pagada: true,
          }),
        ],
      }),
      (ids) => ({
        clientId: ids.device,
        mutations: [mutation('visit.create', { loanId: ids.loan, fecha: TODAY, motivo: 'NO_ESTABA' })],
      }),
      (ids) => ({
        clientId: ids.device,
        mutations: [mutation('cash_count.create', { fecha: TODAY, contado: 80 })],
      }),
      (ids) => ({
        clientId: ids.device,
        mutations: [
          mutation('client_location.save', {
            loanId: ids.loan,
            ubicacion: { lat: 19.04, lon: -98.2, precision: 10, tomada: new Date().toISOString() },
          }),
        ],
      }),
    ],
  },
  'POST /api/sync/pull': { bodies: [(ids) => ({ clientId: ids.device, cursor: null, limit: 50 })] },
  'GET /api/sync/conflicts': { query: () => ({ reviewed: 'all' }) },
  'POST /api/imports/loans': {
    // A new reference and client each time: the same row sent again is 'already imported', which is a 200 too.
    bodies: [
      (ids) => ({
        loans: [
          {
            fila: 2,
            referencia: `IMP-${unique()}`,
            nombre: `Cliente Importado ${unique()}`,
            telefono: '2221234567',
            municipio: ids.townName,
            modalidad: 'SEMANAL',
            monto_credito: '5000',
            fecha_inicio: TODAY,
            garantias: 'Televisión; Estufa',
          },
        ],
      }),
    ],
  },
  'POST /api/sync/conflicts/:id/review': {},
};

/** The registry's entry; a route that takes a body and has none fails the suite with what to add. */
export function requestOf(route: ApiRoute): RouteRequest {
  const entry = REQUESTS[route.key];
  if (entry) return entry;
  if (route.method === 'GET') return {};
  throw new Error(`${route.key} no tiene una solicitud válida en REQUESTS (security/requests.ts)`);
}

/** Ids no row has: found in a built request, they show which field carries which kind. */
export function probeIds(): Ids {
  const entries = KINDS.map((kind, i) => {
    if (kind === 'receipt') return [kind, `R-9999-${String(9000 + i)}`];
    if (kind === 'townName') return [kind, `Municipio sonda ${9000 + i}`];
    if (kind === 'device') return [kind, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`];
    return [kind, 880_000_000_000 + i];
  });
  return Object.fromEntries(entries) as Ids;
}

/**
 * Ids of rows that exist nowhere: another account's id must be answered exactly like these, or the answer tells
 * that the row exists. A device is the exception: its id is a random UUID, and a device of another user is
 * refused as such by design (docs/sincronizacion.md).
 */
export function missingIds(): Ids {
  const entries = KINDS.map((kind) => {
    if (kind === 'receipt') return [kind, 'R-FFFF-FFFF'];
    if (kind === 'townName') return [kind, 'Municipio que no existe'];
    if (kind === 'device') return [kind, randomUUID()];
    return [kind, 999_999_999_999_999];
  });
  return Object.fromEntries(entries) as Ids;
}

export type FieldPath = (string | number)[];

/** Where each id sits in a value built from probeIds, and its kind. */
export function idFields(value: unknown, probe: Ids): { path: FieldPath; kind: Kind }[] {
  const byValue = new Map<unknown, Kind>(KINDS.map((k) => [probe[k], k]));
  const found: { path: FieldPath; kind: Kind }[] = [];
  const walk = (node: unknown, path: FieldPath) => {
    const kind = byValue.get(node);
    if (kind) found.push({ path, kind });
    else if (Array.isArray(node)) for (const [i, item] of node.entries()) walk(item, [...path, i]);
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  return found;
}

/** Every leaf (a value that is not an object or array) with its path. */
export function leaves(value: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** `a.b[0].c` as the validators' details name it (`a.b.0.c`), and without array positions. */
export const dotPath = (path: FieldPath) => path.join('.');
export const fieldName = (path: FieldPath) => path.filter((p) => typeof p === 'string').join('.');

/** The path of `route` with every parameter taken from `ids` (kinds per PARAM_KINDS and the entry's overrides). */
export function pathWith(route: ApiRoute, ids: Ids, values: Record<string, string | number> = {}): string {
  const request = requestOf(route);
  const filled: Record<string, string | number> = {};
  for (const param of route.params)
    filled[param] = values[param] ?? ids[paramKind(route, param, request.params)];
  return fillPath(route, filled);
}

export const withQuery = (
  path: string,
  query: Record<string, string | number> | URLSearchParams | undefined,
) => {
  const text = new URLSearchParams(
    query instanceof URLSearchParams ? query : Object.entries(query ?? {}).map(([k, v]) => [k, String(v)]),
  ).toString();
  return text ? `${path}?${text}` : path;
};

/** The route's valid request for `ids` (path, query and its `bodyIndex`th body). */
export function validRequest(route: ApiRoute, ids: Ids, bodyIndex = 0) {
  const entry = requestOf(route);
  return {
    path: withQuery(pathWith(route, ids), entry.query?.(ids)),
    body: entry.bodies?.[bodyIndex]?.(ids),
  };
}
