// Malformed input on every route of the router, sent by an administrator of the account (every
// permission, so each route's own validation is reached). Whatever arrives, the answer is below 500, shows no
// stack trace or internals, and a refusal is the JSON error body with a Spanish message.
import { beforeAll, describe, expect, it } from 'vitest';
import { connectTestSql, testApp } from '../helpers/test-db';
import { answerProblem, clip, responseText } from './inspect';
import { dotPath, type FieldPath, leaves, pathWith, replaceAt, requestOf, withQuery } from './requests';
import { type ApiRoute, apiRoutes, paramKind } from './routes';
import { buildWorld, type Ids, ownIds, type World } from './world';

const sql = connectTestSql();
const app = testApp(sql);
const routes = apiRoutes(app);

let A: World;
beforeAll(async () => {
  A = await buildWorld(sql, app, 'F');
}, 60_000);

// Requests from an address of their own (TEST-NET-3), so failed sign-ins here never count against the address
// every other test file's app.request() shares in the login limiter.
const ENV = {
  incoming: {
    socket: {
      remoteAddress: `203.0.113.${1 + Math.floor(Math.random() * 254)}`,
      remotePort: 1,
      remoteFamily: 'IPv4',
    },
  },
};

/** Stands for a JSON number JSON.stringify cannot write (1e309, integers past 2^53): put in the text raw. */
const raw = (text: string) => `@@RAW:${text}@@`;
const serialize = (value: unknown) => JSON.stringify(value).replace(/"@@RAW:([^@]*)@@"/g, '$1');

const LONG = 'x'.repeat(100_000);
const SQLISH = "1' OR '1'='1'; drop table users; --";
const UNICODE = '🙂 ñandú \u0000 \ud800 \u202e';

/** What each field of a valid body is replaced by, one field at a time. */
const FIELD_VALUES: [string, unknown][] = [
  ['null', null],
  ['arreglo', [1, 'a']],
  ['objeto', { $ne: null }],
  ['booleano', true],
  ['negativo', -1],
  ['cero', 0],
  ['decimal', 0.001],
  ['1e308', 1e308],
  ['1e309', raw('1e309')],
  ['2^53+1', raw('9007199254740993')],
  ['más que bigint (número)', raw('99999999999999999999')],
  ['más que bigint (texto)', '9223372036854775808'],
  ['vacío', ''],
  ['100 KB', LONG],
  ['unicode', UNICODE],
  ['sql', SQLISH],
  ['2026-02-30', '2026-02-30'],
  ['99999-01-01', '99999-01-01'],
];

/** Whole bodies that are not what any route reads. */
const BODIES: [string, (valid: unknown) => string | Uint8Array<ArrayBuffer>][] = [
  ['JSON roto', () => '{"a":'],
  ['vacío', () => ''],
  ['arreglo', () => '[]'],
  ['null', () => 'null'],
  ['texto', () => '"texto"'],
  ['número', () => '1e309'],
  ['anidado 10,000 niveles', () => `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
  [
    '__proto__ y constructor',
    (valid) =>
      serialize(valid ?? {}).replace(
        /^\{/,
        '{"__proto__":{"account_id":1,"permissions":["CUENTAS_GESTIONAR"]},"constructor":{"prototype":{"x":1}},',
      ),
  ],
  ['UTF-8 inválido', () => new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
];

const QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '9223372036854775808',
  '2026-02-30',
  '99999-01-01',
  'x'.repeat(10_000),
  UNICODE,
  SQLISH,
];

/** Query names the API reads somewhere: tried on every GET, each with every malformed value at once. */
const COMMON_QUERY = [
  'municipalityId',
  'clientId',
  'weeklySheetId',
  'accountId',
  'user_id',
  'fecha',
  'fechaInicio',
  'fechaFin',
  'startDate',
  'endDate',
  'page',
  'limit',
  'delete',
  'processed',
  'reviewed',
];

/** Parameter values: some still match `[0-9]{1,15}` (no such row), the rest fall to the JSON 404. */
const PATH_VALUES = [
  '0',
  '000000000000000',
  '999999999999999',
  '-1',
  '1e309',
  '99999999999999999999',
  'abc',
  '🙂',
  "1'--",
];

/** A range given by one end, far out or at the edges of 2000–2099. */
const ONE_SIDED: [string, string][] = [
  ['fechaFin', '9999-12-31'],
  ['fechaFin', '9998-12-31'],
  ['fechaFin', '2099-12-31'],
  ['fechaInicio', '0001-01-01'],
  ['fechaInicio', '2000-01-01'],
  ['fechaInicio', '2099-12-31'],
  ['endDate', '9999-12-31'],
  ['startDate', '0001-01-01'],
];

interface Case {
  label: string;
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}

function casesOf(route: ApiRoute, ids: Ids): Case[] {
  const entry = requestOf(route);
  const cases: Case[] = [];
  const path = pathWith(route, ids);
  const query = entry.query?.(ids) ?? {};
  const valid = entry.bodies?.[0]?.(ids);

  for (const param of route.params) {
    const kind = paramKind(route, param, entry.params);
    const values = kind === 'receipt' ? [...PATH_VALUES, 'R-ZZZZ-ZZZZ', 'r'.repeat(5000)] : PATH_VALUES;
    for (const value of values)
      cases.push({
        label: `:${param}=${clip(value, 20)}`,
        path: withQuery(pathWith(route, ids, { [param]: value }), query),
        body: valid === undefined ? undefined : serialize(valid),
      });
  }
  // A deletion is tried with ids no row has only: the rows it would remove are the other cases' fixtures.
  if (route.method === 'DELETE') return cases;

  if (route.method === 'GET') {
    for (const name of Object.keys(query))
      for (const value of QUERY_VALUES)
        cases.push({
          label: `?${name}=${clip(value, 20)}`,
          path: withQuery(path, { ...query, [name]: value }),
        });
    for (const value of QUERY_VALUES) {
      const all = Object.fromEntries(COMMON_QUERY.map((name) => [name, value]));
      cases.push({ label: `?(todos)=${clip(value, 20)}`, path: withQuery(path, all) });
    }
    const repeated = new URLSearchParams();
    for (const [name, value] of Object.entries({
      ...query,
      fechaInicio: '2026-01-01',
      municipalityId: '1',
    })) {
      repeated.append(name, String(value));
      repeated.append(name, String(value));
    }
    cases.push({ label: 'claves repetidas', path: withQuery(path, repeated) });
    cases.push({
      label: '__proto__ en la consulta',
      path: `${withQuery(path, query)}${Object.keys(query).length ? '&' : '?'}__proto__[x]=1&constructor=1&toString=1`,
    });
    cases.push({
      label: 'rango de 8,000 años',
      path: withQuery(path, { ...query, fechaInicio: '0001-01-01', fechaFin: '9999-12-31' }),
    });
    // One end only: the other is filled from the report's own window and the whole is still bounded
    // (docs/reglas-del-negocio.md §8.1).
    const { fechaInicio: _from, fechaFin: _to, startDate: _start, endDate: _end, ...undated } = query;
    for (const [name, value] of ONE_SIDED)
      cases.push({ label: `solo ${name}=${value}`, path: withQuery(path, { ...undated, [name]: value }) });
    return cases;
  }

  for (const [label, make] of BODIES) cases.push({ label: `cuerpo ${label}`, path, body: make(valid) });
  if (valid !== undefined)
    cases.push({ label: 'JSON como text/plain', path, body: serialize(valid), contentType: 'text/plain' });
  for (const build of entry.bodies ?? []) {
    const body = build(ids);
    const fields: FieldPath[] = leaves(body);
    for (const field of fields)
      for (const [label, value] of FIELD_VALUES)
        cases.push({
          label: `${dotPath(field)}=${label}`,
          path,
          body: serialize(replaceAt(build(ids), field, value)),
        });
  }
  return cases;
}

describe('malformed input on every route', () => {
  it('never answers 5xx, never shows internals, and refuses with a Spanish JSON error', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const c of casesOf(route, ownIds(A))) {
        const headers: Record<string, string> = {
          Authorization: `Bearer ${A.superAdmin.token}`,
          'Content-Type': c.contentType ?? 'application/json',
        };
        const res = await app.request(
          c.path,
          { method: route.method, headers, body: route.method === 'GET' ? undefined : c.body },
          ENV,
        );
        sent++;
        const { text, binary } = await responseText(res);
        const problem = answerProblem(res.status, text, binary);
        if (problem) failures.push(`${route.key} [${c.label}] → ${problem}: ${clip(text, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
