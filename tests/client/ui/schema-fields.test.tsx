import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FieldSpec } from '../../../client/ui/field-spec';
import { SchemaFields } from '../../../client/ui/schema-fields';
import { system } from '../../../client/ui/theme';
import type { FieldErrors, SchemaForm } from '../../../client/ui/use-schema-form';
import { demoUser, fakeFetch, json, MemoryStorage } from '../helpers/fake-api';

interface Values extends Record<string, unknown> {
  nombre: string;
  email: string;
  telefono: string;
  importe: string;
  fecha: string;
  descripcion: string;
  password: string;
  dia: string;
  role: string;
  coordinadora: boolean;
}

const values: Values = {
  nombre: 'Ana',
  email: 'ana@demo.mx',
  telefono: '5512345678',
  importe: '10.50',
  fecha: '2031-01-10',
  descripcion: 'Capital',
  password: '',
  dia: 'MARTES',
  role: 'ab',
  coordinadora: true,
};

const fields: FieldSpec<Values>[] = [
  { kind: 'text', name: 'nombre', label: 'Nombre' },
  { kind: 'email', name: 'email', label: 'Email' },
  { kind: 'tel', name: 'telefono', label: 'Teléfono', helperText: 'De 8 a 15 dígitos' },
  { kind: 'money', name: 'importe', label: 'Importe' },
  { kind: 'date', name: 'fecha', label: 'Fecha' },
  { kind: 'textarea', name: 'descripcion', label: 'Descripción' },
  { kind: 'password', name: 'password', label: 'Contraseña', required: false },
  {
    kind: 'select',
    name: 'dia',
    label: 'Día de Cobro',
    placeholder: 'Seleccione un día',
    options: [
      { value: 'LUNES', label: 'Lunes' },
      { value: 'MARTES', label: 'Martes' },
    ],
    error: 'Error al cargar los días: sin red',
  },
  { kind: 'text', name: 'role', label: 'Nombre del Rol', upperCase: true, autoComplete: 'organization' },
  { kind: 'flags', flags: [{ name: 'coordinadora', label: 'Coordinadora' }] },
  { kind: 'custom', key: 'extra', node: <p data-testid="extra">Permisos</p> },
];

function render(errors: FieldErrors = {}) {
  const form: SchemaForm<Values, unknown> = {
    values,
    errors,
    setValue: () => {},
    reset: () => {},
    validate: () => null,
    applyServerError: () => false,
    setErrors: () => {},
  };
  return renderToString(
    <ChakraProvider value={system}>
      <SchemaFields form={form} fields={fields} />
    </ChakraProvider>,
  );
}

/** The opening tag of the element named `name`. */
const tagOf = (html: string, element: string, name: string) =>
  html.match(new RegExp(`<${element}[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

describe('SchemaFields: cada tipo de campo', () => {
  test('trae el teclado y los atributos de su tipo', () => {
    const html = render();
    expect(tagOf(html, 'input', 'nombre')).toMatch(/autoComplete="off"/);
    expect(tagOf(html, 'input', 'nombre')).toMatch(/value="Ana"/);
    const email = tagOf(html, 'input', 'email');
    expect(email).toMatch(/type="email"/);
    expect(email).toMatch(/inputMode="email"/);
    const tel = tagOf(html, 'input', 'telefono');
    expect(tel).toMatch(/type="tel"/);
    expect(tel).toMatch(/inputMode="tel"/);
    const money = tagOf(html, 'input', 'importe');
    expect(money).toMatch(/inputMode="decimal"/);
    expect(money).toMatch(/placeholder="0.00"/);
    expect(tagOf(html, 'input', 'fecha')).toMatch(/type="date"/);
    expect(tagOf(html, 'textarea', 'descripcion')).toMatch(/rows="3"/);
    expect(tagOf(html, 'input', 'password')).toMatch(/type="password"/);
    expect(tagOf(html, 'input', 'password')).toMatch(/autoComplete="new-password"/);
    expect(html).toContain('aria-label="Mostrar contraseña"');
    expect(tagOf(html, 'input', 'role')).toMatch(/autoComplete="organization"/);
    expect(html).toContain('data-testid="extra"');
    expect(html).toContain('Coordinadora');
  });

  test('el select ofrece su opción vacía y marca la elegida', () => {
    const html = render();
    const select = html.slice(
      html.indexOf('name="dia"'),
      html.indexOf('</select>', html.indexOf('name="dia"')),
    );
    expect(select).toMatch(/<option value="">Seleccione un día<\/option>/);
    expect(select).toMatch(/<option value="MARTES" selected="">Martes<\/option>/);
  });

  test('la ayuda se ve mientras no hay mensaje; el del esquema va bajo su campo y lo marca inválido', () => {
    expect(render()).toContain('De 8 a 15 dígitos');
    const html = render({ telefono: 'El teléfono debe tener entre 8 y 15 dígitos' });
    expect(html).toContain('El teléfono debe tener entre 8 y 15 dígitos');
    expect(html).not.toContain('De 8 a 15 dígitos');
    expect(tagOf(html, 'input', 'telefono')).toMatch(/aria-invalid="true"/);
    expect(tagOf(html, 'input', 'nombre')).not.toMatch(/aria-invalid/);
  });

  test('el mensaje propio de la pantalla se ve solo si el esquema no dice nada del campo', () => {
    expect(render()).toContain('Error al cargar los días: sin red');
    const html = render({ dia: 'El día de cobro es requerido' });
    expect(html).toContain('El día de cobro es requerido');
    expect(html).not.toContain('Error al cargar los días');
  });
});

describe('saveTo', () => {
  beforeEach(() => {
    const storage = new MemoryStorage();
    storage.setItem('currentUser', JSON.stringify(demoUser));
    storage.setItem('jwtToken', 'token');
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('POST al crear, PUT a la fila al editar, con el cuerpo convertido', async () => {
    const fake = fakeFetch(() => json({ data: {} }));
    vi.stubGlobal('fetch', fake.fetch);
    const { saveTo } = await import('../../../client/ui/save-to');
    const save = saveTo<{ id: number }, { importe: number }>({
      create: 'guardar-egreso',
      update: (row) => `egresos/${row.id}`,
      body: (payload) => ({ importe: payload.importe / 100 }),
    });
    await save({ importe: 1050 }, null);
    await save({ importe: 200 }, { id: 7 });
    expect(fake.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/guardar-egreso', { importe: 10.5 }],
      ['PUT', '/api/egresos/7', { importe: 2 }],
    ]);
  });

  test('un 409 queda bajo el campo nombrado; otros errores pasan igual', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((call) =>
        call.method === 'POST'
          ? json({ error: 'Ya existe una cuenta con ese nombre', code: 'CONFLICT' }, 409, 'Conflict')
          : json({ error: 'No tiene permiso', code: 'FORBIDDEN' }, 403, 'Forbidden'),
      ).fetch,
    );
    const { saveTo } = await import('../../../client/ui/save-to');
    const save = saveTo<{ id: number }, { name: string }>({
      create: 'accounts',
      update: (row) => `accounts/${row.id}`,
      conflictOn: 'name',
    });
    await expect(save({ name: 'Créditos del Valle' }, null)).rejects.toMatchObject({
      details: { name: 'Ya existe una cuenta con ese nombre' },
    });
    const forbidden = await save({ name: 'X' }, { id: 2 }).catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ message: 'No tiene permiso' });
    expect((forbidden as { details?: unknown }).details).toBeUndefined();
  });
});
