import { describe, expect, test } from 'vitest';
import { EMPTY_FILTERS } from '../../../../client/features/loans/loan-filters';
import {
  deviceListRow,
  filterListRows,
  newestFirst,
  serverListRow,
} from '../../../../client/features/loans/loan-list-rows';
import type { Loan } from '../../../../shared/loans/types';
import { loan } from './fixtures';

const clients = new Map([
  [1, { nombre: 'José Núñez', coordinadora: true }],
  [2, { nombre: 'Ana López', coordinadora: false }],
  [3, { nombre: 'María Ruiz', coordinadora: false }],
]);
const towns = new Map([
  [1, 'Atlixco'],
  [2, 'Huamantla'],
]);

describe('deviceListRow: campos derivados al día de hoy desde el calendario', () => {
  test('activo: num_pago cuenta las fechas ya cumplidas, aunque el guardado diga otra cosa', () => {
    const r = deviceListRow(loan(1, { num_pago: 0 }), clients, towns, '2026-02-02');
    expect(r).toMatchObject({
      clientName: 'José Núñez',
      clientKey: 'jose nunez',
      coordinadora: true,
      municipalityName: 'Atlixco',
      numPago: 4,
      status: 'Activo',
      pending: 10,
    });
  });
  test('vencido: hoy después de fecha_fin (aunque el guardado diga vencido = false)', () => {
    expect(deviceListRow(loan(1), clients, towns, '2026-04-14')).toMatchObject({
      status: 'Vencido',
      numPago: 14,
      pending: 0,
    });
  });
  test('pagado: 0 pendientes', () => {
    expect(deviceListRow(loan(1, { pagada: true }), clients, towns, '2026-02-02')).toMatchObject({
      status: 'Pagado',
      pending: 0,
    });
  });
  test('cliente o municipio ausentes se muestran como N/A', () => {
    expect(deviceListRow(loan(9, { municipality_id: 99 }), clients, towns, '2026-02-02')).toMatchObject({
      clientName: 'N/A',
      municipalityName: 'N/A',
      coordinadora: false,
    });
  });
});

test('serverListRow usa el cliente y el municipio que trae el préstamo', () => {
  const server = {
    ...loan(5),
    client_nombre: 'Rosa Díaz',
    client_coordinadora: false,
    municipality_name: 'Huamantla',
  } as Loan;
  expect(serverListRow(server, '2026-01-12')).toMatchObject({
    clientName: 'Rosa Díaz',
    municipalityName: 'Huamantla',
    numPago: 1,
    status: 'Activo',
  });
});

describe('filterListRows y orden', () => {
  const today = '2026-02-02';
  const rows = [
    deviceListRow(loan(1, { created_at: '2026-01-01T00:00:00Z' }), clients, towns, today),
    deviceListRow(
      loan(2, { municipality_id: 2, created_at: '2026-01-03T00:00:00Z', fecha_fin: '2026-01-31' }),
      clients,
      towns,
      today,
    ),
    deviceListRow(loan(3, { pagada: true, created_at: '2026-01-03T00:00:00Z' }), clients, towns, today),
  ].sort(newestFirst);

  test('más nuevos primero; empate por id descendente', () => {
    expect(rows.map((r) => r.id)).toEqual([3, 2, 1]);
  });
  test.each([
    [EMPTY_FILTERS, [3, 2, 1]],
    [{ ...EMPTY_FILTERS, clientName: '  NUÑEZ ' }, [1]],
    [{ ...EMPTY_FILTERS, clientName: 'maria' }, [3]],
    [{ ...EMPTY_FILTERS, municipalityId: 2 }, [2]],
    [{ ...EMPTY_FILTERS, status: 'active' as const }, [1]],
    [{ ...EMPTY_FILTERS, status: 'overdue' as const }, [2]],
    [{ ...EMPTY_FILTERS, municipalityId: 1, status: 'overdue' as const }, []],
  ])('%o', (filters, ids) => {
    expect(filterListRows(rows, filters).map((r) => r.id)).toEqual(ids);
  });
});
