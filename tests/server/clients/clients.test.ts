import { describe, expect, it } from 'vitest';
import { clientMessages as m } from '../../../shared/clients/messages';
import type { AddClientResponse, Client } from '../../../shared/clients/types';
import { businessToday } from '../../../shared/dates';
import { mensajes } from '../../../shared/messages';
import { dataOf, expectError, expectNoServerErrors, send, signIn } from '../helpers/catalog';
import { createClient, createLoan, createMunicipality, createPaymentMethod } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

const body = (municipalityId: number | string, extra: object = {}) => ({
  nombre: 'María Hernández',
  telefono: '(222) 123-4567',
  municipality_id: municipalityId,
  ...extra,
});

describe('clients', () => {
  it('add-client returns the new id and the client with its municipality name', async () => {
    const { token, accountId } = await signIn(sql, app);
    const municipalityId = await createMunicipality(sql, accountId, { name: 'Atlixco' });
    const res = await send(
      app,
      'POST',
      '/api/add-client',
      token,
      body(String(municipalityId), { coordinadora: true }),
    );
    expect(res.status).toBe(201);
    const { id, data } = (await res.json()) as AddClientResponse;
    expect(data).toMatchObject({
      id,
      nombre: 'María Hernández',
      telefono: '(222) 123-4567',
      coordinadora: true,
      empleado: false,
      municipality_id: municipalityId,
      municipalities: { name: 'Atlixco' },
      account_id: accountId,
    });
    expect(Date.parse(data.created_at)).not.toBeNaN();
    expect(await dataOf(await send(app, 'GET', `/api/clients/${id}`, token))).toEqual(data);
  });

  it('the generic create, list (with municipality filter), update and delete', async () => {
    const { token, accountId } = await signIn(sql, app);
    const atlixco = await createMunicipality(sql, accountId, { name: 'Atlixco' });
    const cholula = await createMunicipality(sql, accountId, { name: 'Cholula' });
    const created = (await (
      await send(app, 'POST', '/api/clients', token, body(atlixco))
    ).json()) as AddClientResponse;
    await createClient(sql, accountId, cholula, { nombre: 'Beatriz' });

    const all = await dataOf<Client[]>(await send(app, 'GET', '/api/clients', token));
    expect(all.map((c) => [c.nombre, c.municipalities.name])).toEqual([
      ['Beatriz', 'Cholula'],
      ['María Hernández', 'Atlixco'],
    ]);
    const filtered = await dataOf<Client[]>(
      await send(app, 'GET', `/api/clients?municipalityId=${atlixco}`, token),
    );
    expect(filtered.map((c) => c.id)).toEqual([created.id]);

    const updated = await dataOf<Client>(
      await send(app, 'PUT', `/api/clients/${created.id}`, token, {
        nombre: 'María H. Ruiz',
        telefono: '222 765 4321',
        municipality_id: cholula,
        empleado: true,
      }),
    );
    expect(updated).toMatchObject({
      nombre: 'María H. Ruiz',
      telefono: '222 765 4321',
      empleado: true,
      coordinadora: false,
      municipalities: { name: 'Cholula' },
    });

    expect(await dataOf(await send(app, 'DELETE', `/api/clients/${created.id}`, token))).toEqual({
      id: created.id,
    });
    await expectError(
      await send(app, 'GET', `/api/clients/${created.id}`, token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
  });

  it.each([
    ['missing nombre', { nombre: undefined }, 'nombre', m.nombreRequerido],
    ['blank nombre', { nombre: '  ' }, 'nombre', m.nombreRequerido],
    ['missing telefono', { telefono: undefined }, 'telefono', m.telefonoRequerido],
    ['short telefono', { telefono: '12-34-56' }, 'telefono', m.telefonoDigitos],
    ['long telefono', { telefono: '1234567890123456' }, 'telefono', m.telefonoDigitos],
    ['missing municipality', { municipality_id: undefined }, 'municipality_id', m.municipioRequerido],
    ['empty municipality', { municipality_id: '' }, 'municipality_id', m.municipioRequerido],
  ])('refuses %s with the SPEC message', async (_case, extra, field, message) => {
    const { token, accountId } = await signIn(sql, app);
    const municipalityId = await createMunicipality(sql, accountId);
    for (const path of ['/api/add-client', '/api/clients']) {
      const res = await send(app, 'POST', path, token, body(municipalityId, extra));
      expect((await expectError(res, 400, 'VALIDATION', message)).details?.[field]).toBe(message);
    }
  });

  it("refuses another account's or a deleted municipality; an existing client may keep a deleted one", async () => {
    const mine = await signIn(sql, app);
    const other = await signIn(sql, app);
    const theirs = await createMunicipality(sql, other.accountId);
    const live = await createMunicipality(sql, mine.accountId);
    const gone = await createMunicipality(sql, mine.accountId);
    const clientId = await createClient(sql, mine.accountId, gone, { nombre: 'Antes' });
    await sql`update municipalities set deleted = true where id = ${gone}`;

    for (const municipalityId of [theirs, gone, 999999999]) {
      const res = await send(app, 'POST', '/api/add-client', mine.token, body(municipalityId));
      const error = await expectError(res, 400, 'VALIDATION', m.municipioNoExiste);
      expect(error.details).toEqual({ municipality_id: m.municipioNoExiste });
    }
    const keep = await send(
      app,
      'PUT',
      `/api/clients/${clientId}`,
      mine.token,
      body(gone, { nombre: 'Después' }),
    );
    expect((await dataOf<Client>(keep)).nombre).toBe('Después');
    const move = await send(app, 'PUT', `/api/clients/${clientId}`, mine.token, body(theirs));
    await expectError(move, 400, 'VALIDATION', m.municipioNoExiste);
    expect(
      (await dataOf<Client>(await send(app, 'PUT', `/api/clients/${clientId}`, mine.token, body(live))))
        .municipality_id,
    ).toBe(live);
  });

  it('refuses to delete a client with loans (409) and keeps it', async () => {
    const { token, accountId } = await signIn(sql, app);
    const municipalityId = await createMunicipality(sql, accountId);
    const clientId = await createClient(sql, accountId, municipalityId);
    await createLoan(sql, {
      accountId,
      clientId,
      municipalityId,
      paymentMethod: await createPaymentMethod(sql, accountId),
      montoCredito: 3000,
      fechaInicio: businessToday(),
    });
    await expectError(
      await send(app, 'DELETE', `/api/clients/${clientId}`, token),
      409,
      'CONFLICT',
      m.conPrestamos,
    );
    await dataOf(await send(app, 'GET', `/api/clients/${clientId}`, token));
  });

  it('lets the loan screens read clients, but only CLIENTES_GESTIONAR write', async () => {
    const viewer = await signIn(sql, app, ['PRESTAMOS_VER']);
    const creator = await signIn(sql, app, ['PRESTAMOS_CREAR']);
    const sheets = await signIn(sql, app, ['HOJAS_VER', 'PAGOS_REGISTRAR']);
    const municipalityId = await createMunicipality(sql, viewer.accountId);
    const clientId = await createClient(sql, viewer.accountId, municipalityId);

    expect(await dataOf<Client[]>(await send(app, 'GET', '/api/clients', viewer.token))).toHaveLength(1);
    await dataOf(await send(app, 'GET', `/api/clients/${clientId}`, viewer.token));
    await dataOf(await send(app, 'GET', '/api/clients', creator.token));
    await expectError(
      await send(app, 'GET', '/api/clients', sheets.token),
      403,
      'FORBIDDEN',
      mensajes.sinPermiso,
    );

    for (const [method, path] of [
      ['POST', '/api/add-client'],
      ['POST', '/api/clients'],
      ['PUT', `/api/clients/${clientId}`],
      ['DELETE', `/api/clients/${clientId}`],
    ] as const) {
      await expectError(await send(app, method, path, viewer.token, body(municipalityId)), 403, 'FORBIDDEN');
    }
    await expectError(await send(app, 'GET', '/api/clients'), 401, 'UNAUTHENTICATED');
  });

  it("answers 404 for another account's client and never lists it", async () => {
    const mine = await signIn(sql, app);
    const other = await signIn(sql, app);
    const theirMunicipality = await createMunicipality(sql, other.accountId);
    const theirs = await createClient(sql, other.accountId, theirMunicipality, { nombre: 'Ajena' });
    const myMunicipality = await createMunicipality(sql, mine.accountId);

    await expectError(
      await send(app, 'GET', `/api/clients/${theirs}`, mine.token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    const put = await send(app, 'PUT', `/api/clients/${theirs}`, mine.token, body(myMunicipality));
    await expectError(put, 404, 'NOT_FOUND', m.noEncontrado);
    await expectError(
      await send(app, 'DELETE', `/api/clients/${theirs}`, mine.token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    expect(await dataOf(await send(app, 'GET', '/api/clients', mine.token))).toEqual([]);
    expect(
      await dataOf(await send(app, 'GET', `/api/clients?municipalityId=${theirMunicipality}`, mine.token)),
    ).toEqual([]);
    const [row] = await sql`select nombre from clients where id = ${theirs}`;
    expect(row?.nombre).toBe('Ajena');
  });

  it('refuses a bad filter, answers BAD_JSON to a malformed body and never a 500', async () => {
    const { token, accountId } = await signIn(sql, app);
    const municipalityId = await createMunicipality(sql, accountId);
    const clientId = await createClient(sql, accountId, municipalityId);
    await expectError(
      await send(app, 'GET', '/api/clients?municipalityId=uno', token),
      400,
      'VALIDATION',
      m.municipioInvalido,
    );
    await expectError(
      await send(app, 'POST', '/api/add-client', token, '{"nombre":'),
      400,
      'BAD_JSON',
      mensajes.jsonInvalido,
    );
    // Valid to the schema, refused by Postgres (NUL in text): still a 400, not a 500.
    const nul = await send(
      app,
      'POST',
      '/api/add-client',
      token,
      body(municipalityId, { nombre: 'Ana\u0000' }),
    );
    await expectError(nul, 400, 'VALIDATION', mensajes.datosInvalidos);
    await expectNoServerErrors(app, token, [
      ['POST', '/api/add-client'],
      ['POST', '/api/clients'],
      ['PUT', `/api/clients/${clientId}`],
    ]);
  });
});
