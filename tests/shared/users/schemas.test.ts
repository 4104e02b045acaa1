import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToDetails } from '../../../server/http/validate';
import { userMessages as m } from '../../../shared/users/messages';
import { registerUserSchema, updateUserSchema } from '../../../shared/users/schemas';

const valid = {
  name: 'Rosa Pérez',
  email: 'Rosa@Ejemplo.MX ',
  password: 'secreto',
  account_id: '2',
  role_id: 5,
};

const detailsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToDetails(result.issues);
};

describe('registerUserSchema', () => {
  it('accepts a valid user: trims and lower-cases the email, reads ids from selects', () => {
    expect(v.parse(registerUserSchema, valid)).toEqual({
      name: 'Rosa Pérez',
      email: 'rosa@ejemplo.mx',
      password: 'secreto',
      account_id: 2,
      role_id: 5,
    });
  });

  it.each([undefined, null, ''])('role is optional: %s → null', (role_id) => {
    expect(v.parse(registerUserSchema, { ...valid, role_id }).role_id).toBeNull();
  });

  it.each([
    ['missing name', { ...valid, name: undefined }, 'name', m.nombreRequerido],
    ['blank name', { ...valid, name: ' ' }, 'name', m.nombreRequerido],
    ['missing email', { ...valid, email: undefined }, 'email', m.emailRequerido],
    ['blank email', { ...valid, email: '' }, 'email', m.emailRequerido],
    ['bad email', { ...valid, email: 'rosa@' }, 'email', m.emailInvalido],
    ['missing password', { ...valid, password: undefined }, 'password', m.contrasenaRequerida],
    ['empty password', { ...valid, password: '' }, 'password', m.contrasenaRequerida],
    ['short password', { ...valid, password: '12345' }, 'password', m.contrasenaCorta],
    ['missing account', { ...valid, account_id: undefined }, 'account_id', m.cuentaRequerida],
    ['empty account select', { ...valid, account_id: '' }, 'account_id', m.cuentaRequerida],
    ['bad role', { ...valid, role_id: 'x' }, 'role_id', m.rolInvalido],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(registerUserSchema, input)[field]).toBe(message);
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(v.safeParse(registerUserSchema, { ...valid, password: '123456' }).success).toBe(true);
  });
});

describe('updateUserSchema', () => {
  it.each([undefined, null, ''])('an empty password (%s) is omitted', (password) => {
    const output = v.parse(updateUserSchema, { ...valid, password });
    expect(output.password).toBeUndefined();
  });

  it('an absent role keeps the current one (undefined); null or an empty select removes it', () => {
    const { role_id: _omitted, ...withoutRole } = valid;
    expect(v.parse(updateUserSchema, withoutRole).role_id).toBeUndefined();
    expect(v.parse(updateUserSchema, { ...valid, role_id: null }).role_id).toBeNull();
    expect(v.parse(updateUserSchema, { ...valid, role_id: '' }).role_id).toBeNull();
    expect(v.parse(updateUserSchema, { ...valid, role_id: '8' }).role_id).toBe(8);
  });

  it('keeps a new password of 6 or more characters', () => {
    expect(v.parse(updateUserSchema, { ...valid, password: 'nueva1' }).password).toBe('nueva1');
  });

  it.each([
    ['short password', { ...valid, password: 'abc' }, 'password', m.contrasenaCorta],
    ['blank name', { ...valid, name: '' }, 'name', m.nombreRequerido],
    ['bad email', { ...valid, email: 'no-es-email' }, 'email', m.emailInvalido],
    ['missing account', { ...valid, account_id: null }, 'account_id', m.cuentaRequerida],
  ])('%s → %s', (_case, input, field, message) => {
    expect(detailsOf(updateUserSchema, input)[field]).toBe(message);
  });
});
