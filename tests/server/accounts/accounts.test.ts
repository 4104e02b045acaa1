import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../../shared/accounts/messages';
import type { Account } from '../../../shared/accounts/types';
import { mensajes } from '../../../shared/messages';
import { allBut, dataOf, expectError, expectNoServerErrors, send, signIn } from '../helpers/catalog';
import { createMunicipality } from '../helpers/loan-factory';
import { connectTestSql, testApp } from '../helpers/test-db';

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

  it('deletes an account holding only configuration (its starting set and a role of its own)', async () => {
    const root = await signIn(sql, app);
    const empty = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: uniqueName('Vacía') }),
      201,
    );
    await dataOf(
      await send(app, 'POST', '/api/create-role', root.token, {
        role_name: 'SUPERVISOR',
        permissions: ['HOJAS_VER'],
        account_id: empty.id,
      }),
      201,
    );
    expect(await dataOf(await send(app, 'DELETE', `/api/accounts/${empty.id}`, root.token))).toEqual({
      id: empty.id,
    });
  });

  it('a new account can lend from its first day: roles, payment methods, parameters and catalogue', async () => {
    const root = await signIn(sql, app);
    const account = await dataOf<Account>(
      await send(app, 'POST', '/api/accounts', root.token, { name: uniqueName('Día Uno') }),
      201,
    );
    const roles = await dataOf<{ id: number; role_name: string; permissions: string[] }[]>(
      await send(app, 'GET', `/api/list-roles?accountId=${account.id}`, root.token),
    );
    expect(roles.map((r) => r.role_name).sort()).toEqual(['ADMINISTRADOR', 'CAPTURISTA', 'COBRADOR']);
    const admin = roles.find((r) => r.role_name === 'ADMINISTRADOR')!;
    // Managing every account stays with the installation's own account.
    expect(admin.permissions).not.toContain('CUENTAS_GESTIONAR');

    const email = `dia-uno-${Date.now()}-${++seq}@example.mx`;
    await dataOf(
      await send(app, 'POST', '/api/register-user', root.token, {
        name: 'Dueña Día Uno',
        email,
        password: 'clave12',
        account_id: account.id,
        role_id: admin.id,
      }),
      201,
    );
    const login = await send(app, 'POST', '/api/login', undefined, { email, password: 'clave12' });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;

    const methods = await dataOf<{ id: number; modalidad_pago: string }[]>(
      await send(app, 'GET', '/api/payment-methods', token),
    );
    expect(methods.map((p) => p.modalidad_pago).sort()).toEqual([
      'DIARIO',
      'MENSUAL',
      'QUINCENAL',
      'SEMANAL',
    ]);
    const catalogue = await dataOf<{ tipo: string }[]>(
      await send(app, 'GET', '/api/list-catalogo-egresos', token),
    );
    expect(new Set(catalogue.map((c) => c.tipo))).toEqual(new Set(['OPERACION', 'FINANCIERO', 'OTROS']));

    const town = await dataOf<{ id: number }>(
      await send(app, 'POST', '/api/municipalities', token, { name: 'Cholula', collection_day: 'LUNES' }),
      201,
    );
    const client = await send(app, 'POST', '/api/clients', token, {
      nombre: 'Rosa Méndez',
      telefono: '2221234567',
      municipality_id: town.id,
    });
    expect(client.status).toBe(201);
    const clientId = ((await client.json()) as { data: { id: number } }).data.id;
    const loan = await send(app, 'POST', '/api/save-loan', token, {
      client_id: clientId,
      payment_method_id: methods.find((p) => p.modalidad_pago === 'SEMANAL')!.id,
      monto_credito: 3000,
      fecha_inicio: '2026-11-23',
      garantias: ['Televisión', 'Refrigerador'],
    });
    expect(loan.status, await loan.clone().text()).toBe(201);
    // Its commissions are the account's own parameters, so the reports run from day one too.
    const summary = await send(
      app,
      'GET',
      '/api/resumen_creditos_cobros?fechaInicio=2026-11-01&fechaFin=2026-11-30',
      token,
    );
    expect(((await summary.json()) as { params: unknown }).params).toEqual({
      comision_abonos_pct: 5,
      comision_creditos_pct: 2,
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
