import { describe, expect, test } from 'vitest';
import { clientStats, filterClientsByName } from '../../../../client/features/clients/client-stats';
import type { Client } from '../../../../shared/clients/types';

const client = (
  id: number,
  nombre: string,
  municipality_id: number,
  flags: Partial<Client> = {},
): Client => ({
  id,
  nombre,
  telefono: '5512345678',
  coordinadora: false,
  empleado: false,
  municipality_id,
  municipalities: { name: `M${municipality_id}` },
  account_id: 1,
  created_at: '2026-01-01T00:00:00Z',
  ...flags,
});

const clients = [
  client(1, 'José Pérez', 1, { coordinadora: true }),
  client(2, 'Ana López', 1, { empleado: true }),
  client(3, 'María Ruiz', 2, { coordinadora: true, empleado: true }),
  client(4, 'Juana Díaz', 3),
];

describe('clientStats', () => {
  test('total, coordinadoras, municipios distintos y regulares (ni coordinadora ni empleado)', () => {
    expect(clientStats(clients)).toEqual({ total: 4, coordinadoras: 2, municipios: 3, regulares: 1 });
    expect(clientStats([])).toEqual({ total: 0, coordinadoras: 0, municipios: 0, regulares: 0 });
  });
});

describe('filterClientsByName', () => {
  test.each([
    ['', [1, 2, 3, 4]],
    ['   ', [1, 2, 3, 4]],
    ['jose', [1]],
    ['PÉREZ', [1]],
    ['  ju', [4]],
    ['a', [2, 3, 4]],
    ['zzz', []],
  ])('"%s"', (search, ids) => {
    expect(filterClientsByName(clients, search).map((c) => c.id)).toEqual(ids);
  });
});
