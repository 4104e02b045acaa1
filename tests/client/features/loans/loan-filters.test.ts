import { describe, expect, test } from 'vitest';
import {
  EMPTY_FILTERS,
  foldText,
  hasActiveFilters,
  parseLoanFilters,
  parsePage,
  serverLoanQuery,
  statusMatches,
  writeLoanFilters,
} from '../../../../client/features/loans/loan-filters';

const params = (text: string) => new URLSearchParams(text);

describe('filtros en la URL', () => {
  test.each([
    ['', EMPTY_FILTERS],
    ['status=overdue', { ...EMPTY_FILTERS, status: 'overdue' }],
    [
      'status=active&municipalityId=3&clientName=Jos%C3%A9',
      { clientName: 'José', municipalityId: 3, status: 'active' },
    ],
    ['status=otro&municipalityId=abc', EMPTY_FILTERS],
    ['municipalityId=0', EMPTY_FILTERS],
    ['municipalityId=-2', EMPTY_FILTERS],
  ])('%s', (text, expected) => {
    expect(parseLoanFilters(params(text))).toEqual(expected);
  });

  test('la página empieza en 1 y lo que no es un entero positivo es 1', () => {
    expect(parsePage(params(''))).toBe(1);
    expect(parsePage(params('page=3'))).toBe(3);
    expect(parsePage(params('page=0'))).toBe(1);
    expect(parsePage(params('page=x'))).toBe(1);
  });

  test('escribir quita los vacíos y conserva lo que no es de la lista (el préstamo abierto)', () => {
    const written = writeLoanFilters(params('loan=7&status=active&clientName=ana'), {
      clientName: '',
      municipalityId: 2,
      status: 'all',
    });
    expect(written.toString()).toBe('loan=7&municipalityId=2');
  });

  test('ida y vuelta', () => {
    const filters = { clientName: 'Núñez', municipalityId: 12, status: 'overdue' } as const;
    expect(parseLoanFilters(writeLoanFilters(params(''), filters))).toEqual(filters);
  });
});

describe('hasActiveFilters', () => {
  test.each([
    [EMPTY_FILTERS, false],
    [{ ...EMPTY_FILTERS, clientName: '   ' }, false],
    [{ ...EMPTY_FILTERS, clientName: 'a' }, true],
    [{ ...EMPTY_FILTERS, municipalityId: 1 }, true],
    [{ ...EMPTY_FILTERS, status: 'active' as const }, true],
  ])('%o → %s', (filters, expected) => {
    expect(hasActiveFilters(filters)).toBe(expected);
  });
});

test('foldText quita acentos y mayúsculas', () => {
  expect(foldText('José NÚÑEZ Güemes')).toBe('jose nunez guemes');
});

describe('statusMatches (docs/producto.md §5)', () => {
  test.each([
    ['all', 'Pagado', true],
    ['all', 'Vencido', true],
    ['active', 'Activo', true],
    ['active', 'Pagado', false],
    ['active', 'Vencido', false],
    ['overdue', 'Vencido', true],
    ['overdue', 'Activo', false],
    ['overdue', 'Pagado', false],
  ] as const)('%s con %s → %s', (filter, status, expected) => {
    expect(statusMatches(filter, status)).toBe(expected);
  });
});

describe('serverLoanQuery (docs/producto.md §5, §7)', () => {
  test('sin filtros: solo página y límite', () => {
    expect(serverLoanQuery(EMPTY_FILTERS, 1, 10)).toEqual({
      page: 1,
      limit: 10,
      clientName: undefined,
      municipalityId: undefined,
    });
  });
  test('nombre recortado, en blanco se omite; municipio entero', () => {
    expect(
      serverLoanQuery({ ...EMPTY_FILTERS, clientName: '  Ana  ', municipalityId: 4 }, 2, 10),
    ).toMatchObject({
      page: 2,
      clientName: 'Ana',
      municipalityId: 4,
    });
    expect(serverLoanQuery({ ...EMPTY_FILTERS, clientName: '   ' }, 1, 10).clientName).toBeUndefined();
  });
  test('activos → activos=true&vencidos=false; vencidos → activos=false&vencidos=true', () => {
    expect(serverLoanQuery({ ...EMPTY_FILTERS, status: 'active' }, 1, 10)).toMatchObject({
      activos: true,
      vencidos: false,
    });
    expect(serverLoanQuery({ ...EMPTY_FILTERS, status: 'overdue' }, 1, 10)).toMatchObject({
      activos: false,
      vencidos: true,
    });
    expect(serverLoanQuery(EMPTY_FILTERS, 1, 10)).not.toHaveProperty('activos');
  });
});
