import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToDetails } from '../../../server/http/validate';
import { roleMessages as m } from '../../../shared/roles/messages';
import { createRoleSchema, listRolesQuerySchema } from '../../../shared/roles/schemas';

const detailsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToDetails(result.issues);
};

describe('createRoleSchema', () => {
  it('forces the name to upper case and keeps each permission once, in catalogue order', () => {
    expect(
      v.parse(createRoleSchema, {
        role_name: '  supervisor de zona ',
        permissions: ['HOJAS_VER', 'PRESTAMOS_VER', 'HOJAS_VER'],
      }),
    ).toEqual({
      role_name: 'SUPERVISOR DE ZONA',
      permissions: ['PRESTAMOS_VER', 'HOJAS_VER'],
      account_id: null,
    });
  });

  it('reads an optional account_id', () => {
    expect(
      v.parse(createRoleSchema, { role_name: 'X', permissions: ['HOJAS_VER'], account_id: '4' }).account_id,
    ).toBe(4);
  });

  it.each([
    ['missing name', { permissions: ['HOJAS_VER'] }, 'role_name', m.nombreRequerido],
    ['blank name', { role_name: '   ', permissions: ['HOJAS_VER'] }, 'role_name', m.nombreRequerido],
    ['missing permissions', { role_name: 'X' }, 'permissions', m.permisoRequerido],
    ['no permissions', { role_name: 'X', permissions: [] }, 'permissions', m.permisoRequerido],
    [
      'permissions not a list',
      { role_name: 'X', permissions: 'HOJAS_VER' },
      'permissions',
      m.permisoRequerido,
    ],
    ['unknown permission', { role_name: 'X', permissions: ['VOLAR'] }, 'permissions.0', m.permisoInvalido],
    [
      'bad account',
      { role_name: 'X', permissions: ['HOJAS_VER'], account_id: -1 },
      'account_id',
      m.cuentaInvalida,
    ],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(createRoleSchema, input)[field]).toBe(message);
  });
});

describe('listRolesQuerySchema', () => {
  it('reads accountId as a number', () => {
    expect(v.parse(listRolesQuerySchema, { accountId: '9' })).toEqual({ accountId: 9 });
    expect(detailsOf(listRolesQuerySchema, { accountId: 'nueve' }).accountId).toBe(m.cuentaInvalida);
  });
});
