import { describe, expect, it } from 'vitest';
import { mensajes } from '../../../shared/messages';
import { municipalityMessages as m } from '../../../shared/municipalities/messages';
import type { Municipality } from '../../../shared/municipalities/types';
import { dataOf, expectError, expectNoServerErrors, send, signIn } from '../helpers/catalog';
import { createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';

const sql = connectTestSql();
const app = testApp(sql);

describe('municipalities', () => {
  it('creates, reads, lists, edits, soft-deletes and restores a municipality', async () => {
    const { token } = await signIn(sql, app);
    const created = await dataOf<Municipality>(
      await send(app, 'POST', '/api/municipalities', token, {
        name: ' Atlixco ',
        collection_day: 'miercoles',
      }),
      201,
    );
    expect(created).toMatchObject({ name: 'Atlixco', collection_day: 'MIERCOLES', delete: false });
    expect(Date.parse(created.created_at)).not.toBeNaN();

    expect(await dataOf(await send(app, 'GET', `/api/municipalities/${created.id}`, token))).toEqual(created);
    const list = await dataOf<Municipality[]>(await send(app, 'GET', '/api/municipalities', token));
    expect(list).toEqual([created]);

    const edited = await dataOf<Municipality>(
      await send(app, 'PUT', `/api/municipalities/${created.id}`, token, {
        name: 'Atlixco Centro',
        collection_day: 'JUEVES',
      }),
    );
    expect(edited).toMatchObject({
      id: created.id,
      name: 'Atlixco Centro',
      collection_day: 'JUEVES',
      delete: false,
    });

    // docs/producto.md §7: the update also performs the soft delete; lists load delete=false by default.
    const deleted = await dataOf<Municipality>(
      await send(app, 'PUT', `/api/municipalities/${created.id}`, token, { delete: true }),
    );
    expect(deleted).toMatchObject({ name: 'Atlixco Centro', delete: true });
    expect(await dataOf(await send(app, 'GET', '/api/municipalities', token))).toEqual([]);
    expect(await dataOf(await send(app, 'GET', '/api/municipalities?delete=true', token))).toEqual([deleted]);
    expect(await dataOf(await send(app, 'GET', `/api/municipalities/${created.id}`, token))).toEqual(deleted);

    const restored = await dataOf<Municipality>(
      await send(app, 'PUT', `/api/municipalities/${created.id}`, token, { delete: false }),
    );
    expect(restored.delete).toBe(false);
    expect(await dataOf(await send(app, 'GET', '/api/municipalities', token))).toEqual([restored]);
  });

  it('DELETE is a soft delete: the row stays, flagged', async () => {
    const { token, accountId } = await signIn(sql, app);
    const id = await createMunicipality(sql, accountId, { name: 'Cholula' });
    const res = await send(app, 'DELETE', `/api/municipalities/${id}`, token);
    expect(await dataOf<Municipality>(res)).toMatchObject({ id, name: 'Cholula', delete: true });
    const [row] = await sql`select deleted from municipalities where id = ${id}`;
    expect(row?.deleted).toBe(true);
  });

  it.each([
    ['missing name', { collection_day: 'LUNES' }, 'name', m.nombreRequerido],
    ['blank name', { name: '   ', collection_day: 'LUNES' }, 'name', m.nombreRequerido],
    ['missing day', { name: 'Tepeaca' }, 'collection_day', m.diaRequerido],
    ['weekend day', { name: 'Tepeaca', collection_day: 'DOMINGO' }, 'collection_day', m.diaRequerido],
  ])('POST refuses %s with the SPEC message', async (_case, body, field, message) => {
    const { token } = await signIn(sql, app);
    const error = await expectError(
      await send(app, 'POST', '/api/municipalities', token, body),
      400,
      'VALIDATION',
      message,
    );
    expect(error.details?.[field]).toBe(message);
  });

  it('PUT validates what it is given and refuses an empty change', async () => {
    const { token, accountId } = await signIn(sql, app);
    const id = await createMunicipality(sql, accountId);
    const put = (body: unknown) => send(app, 'PUT', `/api/municipalities/${id}`, token, body);
    await expectError(await put({ name: '' }), 400, 'VALIDATION', m.nombreRequerido);
    await expectError(await put({ collection_day: 'SABADO' }), 400, 'VALIDATION', m.diaRequerido);
    await expectError(await put({ delete: 'si' }), 400, 'VALIDATION', m.deleteInvalido);
    await expectError(await put({}), 400, 'VALIDATION', m.sinCambios);
  });

  it('refuses a bad list filter', async () => {
    const { token } = await signIn(sql, app);
    await expectError(
      await send(app, 'GET', '/api/municipalities?delete=si', token),
      400,
      'VALIDATION',
      m.filtroDeleteInvalido,
    );
  });

  it('lets any signed-in user read, but only MUNICIPIOS_GESTIONAR write', async () => {
    const owner = await signIn(sql, app);
    const cobrador = await signIn(sql, app, ['PRESTAMOS_VER', 'PAGOS_REGISTRAR', 'HOJAS_VER']);
    const id = await createMunicipality(sql, cobrador.accountId, { name: 'Huejotzingo' });
    expect(owner.accountId).not.toBe(cobrador.accountId);

    expect(
      await dataOf<Municipality[]>(await send(app, 'GET', '/api/municipalities', cobrador.token)),
    ).toHaveLength(1);
    await dataOf(await send(app, 'GET', `/api/municipalities/${id}`, cobrador.token));
    const body = { name: 'Otro', collection_day: 'LUNES' };
    await expectError(
      await send(app, 'POST', '/api/municipalities', cobrador.token, body),
      403,
      'FORBIDDEN',
      mensajes.sinPermiso,
    );
    await expectError(
      await send(app, 'PUT', `/api/municipalities/${id}`, cobrador.token, body),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await send(app, 'DELETE', `/api/municipalities/${id}`, cobrador.token),
      403,
      'FORBIDDEN',
    );
    await expectError(await send(app, 'GET', '/api/municipalities'), 401, 'UNAUTHENTICATED');
  });

  it("answers 404 for another account's municipality, and leaves it untouched", async () => {
    const mine = await signIn(sql, app);
    const other = await signIn(sql, app);
    const theirs = await createMunicipality(sql, other.accountId, { name: 'Ajena' });
    await createMunicipality(sql, mine.accountId, { name: 'Propia' });

    await expectError(
      await send(app, 'GET', `/api/municipalities/${theirs}`, mine.token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    const body = { name: 'Robada', collection_day: 'LUNES' };
    await expectError(
      await send(app, 'PUT', `/api/municipalities/${theirs}`, mine.token, body),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    await expectError(
      await send(app, 'DELETE', `/api/municipalities/${theirs}`, mine.token),
      404,
      'NOT_FOUND',
      m.noEncontrado,
    );
    const list = await dataOf<Municipality[]>(await send(app, 'GET', '/api/municipalities', mine.token));
    expect(list.map((x) => x.name)).toEqual(['Propia']);
    const [row] = await sql`select name, deleted from municipalities where id = ${theirs}`;
    expect(row).toEqual({ name: 'Ajena', deleted: false });
  });

  it('answers 404 for ids that are not ids', async () => {
    const { token } = await signIn(sql, app);
    for (const id of ['abc', '0', '99999999999999999999', '-1'])
      await expectError(await send(app, 'GET', `/api/municipalities/${id}`, token), 404, 'NOT_FOUND');
  });

  it('answers BAD_JSON to a malformed body and never a 500 to hostile ones', async () => {
    const { token, accountId } = await signIn(sql, app);
    const id = await createMunicipality(sql, accountId);
    await expectError(
      await send(app, 'POST', '/api/municipalities', token, '{"name":'),
      400,
      'BAD_JSON',
      mensajes.jsonInvalido,
    );
    await expectNoServerErrors(app, token, [
      ['POST', '/api/municipalities'],
      ['PUT', `/api/municipalities/${id}`],
    ]);
  });
});
