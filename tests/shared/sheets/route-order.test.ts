import { describe, expect, test } from 'vitest';
import { compareRoute, type RouteKey } from '../../../shared/sheets/route-order';

const key = (grupo: number, client_nombre: string, loan_reference = 'PR-000001'): RouteKey => ({
  grupo,
  client_nombre,
  loan_reference,
});
const names = (keys: RouteKey[]) => [...keys].sort(compareRoute).map((k) => `${k.grupo} ${k.client_nombre}`);

describe('the order of a sheet’s route', () => {
  test('group first, then the client in Spanish order: accents and case aside, ñ after n', () => {
    expect(
      names([
        key(2, 'Ana'),
        key(1, 'Óscar'),
        key(1, 'ñandú'),
        key(1, 'Nora'),
        key(1, 'beatriz'),
        key(1, 'Álvaro'),
      ]),
    ).toEqual(['1 Álvaro', '1 beatriz', '1 Nora', '1 ñandú', '1 Óscar', '2 Ana']);
  });

  test('two loans of clients with the same name keep their references in order', () => {
    const sorted = [key(1, 'José', 'PR-000020'), key(1, 'jose', 'PR-000003')].sort(compareRoute);
    expect(sorted.map((k) => k.loan_reference)).toEqual(['PR-000003', 'PR-000020']);
  });
});
