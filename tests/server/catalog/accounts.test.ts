import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../../shared/accounts/messages';
import type { Account } from '../../../shared/accounts/types';
import { mensajes } from '../../../shared/messages';
import { createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';
import { allBut, dataOf, expectError, expectNoServerErrors, send, signIn } from './helpers';

const sql = connectTestSql();
const app = testApp(sql);

let seq = 0;
const uniqueName = (label: string) => `${label} ${Date.now()}-${process.pid}-${++seq}`;

describe('accounts', () => {
  it('creates, reads, lists, renames and deletes an account', async () => {
    const root = await signIn(sql, app);
    const name = uniqueName('Créditos del Sur');
    const created = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: ` ${name} ` }),
      201,
    );
    expect(created).toEqual({ id: expect.any(Number), name, created_at: expect.any(String) });

    expect(await dataOf(await send(app, 'GET', `/api/accounts/${created.id}`, root.token))).toEqual(created);
    const list = await dataOf<Account[]>(await send(app, 'GET', '/api/accounts', root.token));
    expect(list.map((a) => a.id)).toEqual(expect.arrayContaining([root.accountId, created.id]));

    const renamed = await dataOf<Account>(
      await send(app, 'PUT', `/api/accounts/${created.id}`, root.token, { name: `${name} II` }),
    );
    expect(renamed).toEqual({ ...created, name: `${name} II` });

    expect(await dataOf(await send(app, 'DELETE', `/api/accounts/${created.id}`, root.token))).toEqual({
      id: created.id,
    });
    await expectError(
      await send(app, 'GET', `/api/accounts/${created.id}`, root.token),
      404,
      'NOT_FOUND',
      m.noEncontrada,
    );
  });

  it.each([{}, { name: '' }, { name: '   ' }, { name: null }])(
    'refuses %j with the SPEC message',
    async (body) => {
      const root = await signIn(sql, app);
      const error = await expectError(
        await send(app, 'POST', '/api/accounts', root.token, body),
        400,
        'VALIDATION',
        m.nombreRequerido,
      );
      expect(error.details).toEqual({ name: m.nombreRequerido });
      await expectError(
        await send(app, 'PUT', `/api/accounts/${root.accountId}`, root.token, body),
        400,
        'VALIDATION',
        m.nombreRequerido,
      );
    },
  );

  it('refuses a duplicate name, ignoring case and spaces (409)', async () => {
    const root = await signIn(sql, app);
    const name = uniqueName('Financiera');
    const first = await dataOf<Account>(await send(app, 'POST', '/api/accounts', root.token, { name }), 201);
    await expectError(
      await send(app, 'POST', '/api/accounts', root.token, { name: ` ${name.toUpperCase()} ` }),
      409,
      'CONFLICT',
      m.nombreDuplicado,
    );
    const second = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: `${name} B` }),
      201,
    );
    await expectError(
      await send(app, 'PUT', `/api/accounts/${second.id}`, root.token, { name }),
      409,
      'CONFLICT',
      m.nombreDuplicado,
    );
    // Saving an account under its own name is not a duplicate.
    await dataOf(await send(app, 'PUT', `/api/accounts/${first.id}`, root.token, { name }));
  });

  it('refuses to delete the own account, or one with users or data (409)', async () => {
    const root = await signIn(sql, app);
    const withUsers = await signIn(sql, app);
    const withData = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: uniqueName('Con datos') }),
      201,
    );
    await createMunicipality(sql, withData.id);

    await expectError(
      await send(app, 'DELETE', `/api/accounts/${root.accountId}`, root.token),
      409,
      'CONFLICT',
      m.propia,
    );
    await expectError(
      await send(app, 'DELETE', `/api/accounts/${withUsers.accountId}`, root.token),
      409,
      'CONFLICT',
      m.conDatos,
    );
    await expectError(
      await send(app, 'DELETE', `/api/accounts/${withData.id}`, root.token),
      409,
      'CONFLICT',
      m.conDatos,
    );
    const [row] = await sql`select count(*)::int as n from roles where account_id = ${withUsers.accountId}`;
    expect(row?.n).toBe(1);
  });

  it('deletes an account holding only configuration (roles)', async () => {
    const root = await signIn(sql, app);
    const empty = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: uniqueName('Vacía') }),
      201,
    );
    await dataOf(
      await send(app, 'POST', '/api/create-role', root.token, {
        role_name: 'COBRADOR',
        permissions: ['HOJAS_VER'],
        account_id: empty.id,
      }),
      201,
    );
    expect(await dataOf(await send(app, 'DELETE', `/api/accounts/${empty.id}`, root.token))).toEqual({
      id: empty.id,
    });
  });

  it('answers 404 for an account that does not exist', async () => {
    const root = await signIn(sql, app);
    for (const [method, path] of [
      ['GET', '/api/accounts/999999999'],
      ['PUT', '/api/accounts/999999999'],
      ['DELETE', '/api/accounts/999999999'],
      ['GET', '/api/accounts/abc'],
    ] as const)
      await expectError(
        await send(app, method, path, root.token, { name: uniqueName('X') }),
        404,
        'NOT_FOUND',
      );
  });

  it('is only for CUENTAS_GESTIONAR', async () => {
    const admin = await signIn(sql, app, allBut('CUENTAS_GESTIONAR'));
    const other = await signIn(sql, app);
    for (const [method, path] of [
      ['GET', '/api/accounts'],
      ['GET', `/api/accounts/${admin.accountId}`],
      ['POST', '/api/accounts'],
      ['PUT', `/api/accounts/${admin.accountId}`],
      ['DELETE', `/api/accounts/${other.accountId}`],
    ] as const)
      await expectError(
        await send(app, method, path, admin.token, { name: uniqueName('X') }),
        403,
        'FORBIDDEN',
        mensajes.sinPermiso,
      );
    await expectError(await send(app, 'GET', '/api/accounts'), 401, 'UNAUTHENTICATED');
  });

  it('answers BAD_JSON to a malformed body and never a 500', async () => {
    const root = await signIn(sql, app);
    await expectError(
      await send(app, 'POST', '/api/accounts', root.token, '{"name":'),
      400,
      'BAD_JSON',
      mensajes.jsonInvalido,
    );
    await expectNoServerErrors(app, root.token, [
      ['POST', '/api/accounts'],
      ['PUT', `/api/accounts/${root.accountId}`],
    ]);
  });
});
