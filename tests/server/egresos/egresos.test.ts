import XLSX from 'sheetjs-style';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogoEgreso, EgresosResponse } from '../../../shared/egresos/types';
import {
  connectTestSql,
  createTenant,
  getJson,
  loginToken,
  postJson,
  type TestTenant,
  testApp,
} from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

const putJson = (path: string, body: unknown, token: string) =>
  app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

async function withCatalogue(tenant: TestTenant) {
  const add = async (identificador: string, concepto: string, tipo: string) => {
    const [row] = await sql<
      { id: number }[]
    >`insert into catalogo_egresos (account_id, identificador, concepto, tipo)
      values (${tenant.accountId}, ${identificador}, ${concepto}, ${tipo}) returning id::int as id`;
    return row!.id;
  };
  return {
    gasolina: await add('GAS', 'Gasolina', 'OPERACION'),
    renta: await add('RENTA', 'Renta', 'OPERACION'),
  };
}

let tenant: TestTenant;
let token: string;
let concepts: { gasolina: number; renta: number };

beforeAll(async () => {
  tenant = await createTenant(sql);
  token = await loginToken(app, tenant);
  concepts = await withCatalogue(tenant);
});

const list = async (query: string, as = token) => {
  const res = await getJson(app, `/api/list-egresos?${query}`, as);
  return { status: res.status, body: (await res.json()) as EgresosResponse & { error?: string } };
};

describe('egresos', () => {
  it('registers, lists the range with totals per concept, and edits', async () => {
    const save = (body: object) => postJson(app, '/api/guardar-egreso', body, token);
    const first = await save({
      fecha: '2026-03-02',
      importe: 350.5,
      responsable: 'Ana',
      id_catalogo: concepts.gasolina,
    });
    expect(first.status).toBe(201);
    expect(((await first.json()) as { message: string }).message).toBe('Egreso registrado exitosamente');
    await save({ fecha: '2026-03-15', importe: '1,200.00', responsable: 'Ana', id_catalogo: concepts.renta });
    await save({
      fecha: '2026-03-20',
      importe: '99.25',
      responsable: 'Luis',
      id_catalogo: concepts.gasolina,
    });
    await save({ fecha: '2026-04-01', importe: 500, responsable: 'Luis', id_catalogo: concepts.renta });

    const { status, body } = await list('fechaInicio=2026-03-01&fechaFin=2026-03-31');
    expect(status).toBe(200);
    expect(body.data.egresos.map((e) => [e.fecha, e.importe, e.catalogo_egreso.concepto])).toEqual([
      ['2026-03-20', 99.25, 'Gasolina'],
      ['2026-03-15', 1200, 'Renta'],
      ['2026-03-02', 350.5, 'Gasolina'],
    ]);
    // 350.50 + 99.25 = 449.75 of gasoline, 1,200 of rent: 1,649.75.
    expect(body.data.summary.map((s) => [s.concepto, s.total, s.count])).toEqual([
      ['Renta', 1200, 1],
      ['Gasolina', 449.75, 2],
    ]);
    expect(body.data.total).toBe(1649.75);

    const id = body.data.egresos[0]!.id;
    const edit = await putJson(
      `/api/egresos/${id}`,
      { fecha: '2026-03-21', importe: 100, responsable: 'Luis', id_catalogo: concepts.renta },
      token,
    );
    expect(edit.status).toBe(200);
    const after = await list('fechaInicio=2026-03-01&fechaFin=2026-03-31');
    expect(after.body.data.total).toBe(1650.5);
    expect(after.body.data.egresos[0]).toMatchObject({
      fecha: '2026-03-21',
      importe: 100,
      catalogo_egreso: { concepto: 'Renta' },
    });
  });

  it.each([
    [{}, 'La fecha es requerida'],
    [
      { fecha: '2026-03-01', importe: 0, responsable: 'Ana', id_catalogo: 1 },
      'El importe debe ser mayor a 0',
    ],
    [
      { fecha: '2026-03-01', importe: 'diez', responsable: 'Ana', id_catalogo: 1 },
      'El importe debe ser mayor a 0',
    ],
    [{ fecha: '2026-03-01', importe: 10, responsable: '  ', id_catalogo: 1 }, 'El responsable es requerido'],
    [{ fecha: '2026-03-01', importe: 10, responsable: 'Ana' }, 'El concepto es requerido'],
    [{ fecha: '2026-02-30', importe: 10, responsable: 'Ana', id_catalogo: 1 }, 'La fecha es requerida'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await postJson(app, '/api/guardar-egreso', body, token);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it("refuses another account's concept and egreso", async () => {
    const other = await createTenant(sql);
    const otherToken = await loginToken(app, other);
    const theirs = await withCatalogue(other);
    const mine = await postJson(
      app,
      '/api/guardar-egreso',
      { fecha: '2026-05-01', importe: 10, responsable: 'Ana', id_catalogo: theirs.gasolina },
      token,
    );
    expect(mine.status).toBe(400);
    expect(((await mine.json()) as { error: string }).error).toBe('El concepto es requerido');

    const created = await postJson(
      app,
      '/api/guardar-egreso',
      { fecha: '2026-05-01', importe: 10, responsable: 'Ana', id_catalogo: concepts.gasolina },
      token,
    );
    const { data } = (await created.json()) as { data: { id: number } };
    const foreign = await putJson(
      `/api/egresos/${data.id}`,
      { fecha: '2026-05-01', importe: 99, responsable: 'X', id_catalogo: theirs.gasolina },
      otherToken,
    );
    expect(foreign.status).toBe(404);
    const catalogue = (await (await getJson(app, '/api/list-catalogo-egresos', otherToken)).json()) as {
      data: CatalogoEgreso[];
    };
    expect(catalogue.data.map((k) => k.id).sort()).toEqual([theirs.gasolina, theirs.renta].sort());
  });

  it('is refused to a COBRADOR', async () => {
    const cobrador = await createTenant(sql, {
      permissions: ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER'],
    });
    const t = await loginToken(app, cobrador);
    expect((await getJson(app, '/api/list-egresos', t)).status).toBe(403);
    expect((await getJson(app, '/api/list-catalogo-egresos', t)).status).toBe(403);
    const res = await postJson(
      app,
      '/api/guardar-egreso',
      { fecha: '2026-05-01', importe: 1, responsable: 'A', id_catalogo: 1 },
      t,
    );
    expect(res.status).toBe(403);
  });

  it('exports the range as .xlsx with amounts as numbers and a total', async () => {
    const t = await createTenant(sql);
    const tk = await loginToken(app, t);
    const k = await withCatalogue(t);
    await postJson(
      app,
      '/api/guardar-egreso',
      { fecha: '2026-06-03', importe: 10.1, responsable: 'Ana', id_catalogo: k.gasolina },
      tk,
    );
    await postJson(
      app,
      '/api/guardar-egreso',
      { fecha: '2026-06-04', importe: 20.2, responsable: 'Ana', id_catalogo: k.renta },
      tk,
    );
    const res = await getJson(app, '/api/list-egresos/file?fechaInicio=2026-06-01&fechaFin=2026-06-30', tk);
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      raw: true,
    });
    const header = rows.findIndex((r) => r[0] === 'Fecha');
    expect(rows[header + 1]!.slice(1, 4)).toEqual([20.2, 'Ana', 'Renta']);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['TOTAL', 30.3]);
  });
});
