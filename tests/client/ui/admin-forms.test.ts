import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { permissionCount } from '../../../client/features/roles/permission-count';
import { ApiError } from '../../../client/session/api-error';
import { conflictOnField } from '../../../client/session/conflict-on-field';
import { issuesToFieldErrors } from '../../../client/ui/use-schema-form';
import { createRoleSchema } from '../../../shared/roles/schemas';
import { registerUserSchema, updateUserSchema } from '../../../shared/users/schemas';

describe('conflictOnField', () => {
  test('un 409 queda como mensaje del campo, con el texto del servidor', () => {
    const error = conflictOnField(
      new ApiError('Ya existe un usuario con ese email', { status: 409, code: 'CONFLICT' }),
      'email',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toEqual({ email: 'Ya existe un usuario con ese email' });
    expect((error as ApiError).message).toBe('Ya existe un usuario con ese email');
  });

  test.each([
    ['sin conexión', new ApiError('Sin conexión: esta acción requiere internet', { code: 'OFFLINE' })],
    ['prohibido', new ApiError('No tiene permiso', { status: 403, code: 'FORBIDDEN' })],
    ['no es ApiError', new Error('x')],
  ])('cualquier otro error pasa sin cambios (%s)', (_name, original) => {
    expect(conflictOnField(original, 'email')).toBe(original);
  });
});

test.each([
  [0, undefined, '0 permisos'],
  [1, undefined, '1 permiso'],
  [0, 'seleccionado', '0 permisos seleccionados'],
  [1, 'seleccionado', '1 permiso seleccionado'],
  [14, 'seleccionado', '14 permisos seleccionados'],
] as const)('permissionCount(%i, %s) = %s', (n, adjective, text) => {
  expect(permissionCount(n, adjective)).toBe(text);
});

// The forms start from these blank values; the messages are docs/producto.md §5's, field by field.
describe('formularios en blanco', () => {
  const errorsOf = (schema: v.GenericSchema, values: unknown) => {
    const result = v.safeParse(schema, values);
    return result.success ? {} : issuesToFieldErrors(result.issues);
  };

  test('usuario nuevo', () => {
    expect(
      errorsOf(registerUserSchema, { name: '', email: '', password: '', account_id: '1', role_id: '' }),
    ).toEqual({
      name: 'El nombre es requerido',
      email: 'El email es requerido',
      password: 'La contraseña es requerida',
    });
  });

  test('al editar, la contraseña vacía se omite y una corta se rechaza', () => {
    const base = { name: 'Ana', email: 'ana@demo.mx', account_id: '1', role_id: '' };
    const kept = v.parse(updateUserSchema, { ...base, password: '' });
    expect('password' in kept && kept.password !== undefined).toBe(false);
    expect(JSON.parse(JSON.stringify(kept))).toEqual({
      name: 'Ana',
      email: 'ana@demo.mx',
      account_id: 1,
      role_id: null,
    });
    expect(errorsOf(updateUserSchema, { ...base, password: '123' })).toEqual({
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });

  test('rol nuevo', () => {
    expect(errorsOf(createRoleSchema, { role_name: '', permissions: [], account_id: 1 })).toEqual({
      role_name: 'El nombre del rol es requerido',
      permissions: 'Debe seleccionar al menos un permiso',
    });
  });
});
