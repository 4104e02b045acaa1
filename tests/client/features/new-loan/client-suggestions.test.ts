import { describe, expect, test } from 'vitest';
import {
  canSearch,
  foldText,
  MAX_SUGGESTIONS,
  namesakes,
  suggestClients,
} from '../../../../client/features/new-loan/client-suggestions';
import { client } from './fixtures';

const towns = new Map([
  [1, 'Atlixco'],
  [2, 'Huamantla'],
]);

const names = (query: string, clients = PEOPLE) => suggestClients(clients, towns, query).map((c) => c.nombre);

const PEOPLE = [
  client(1, 'José Núñez Pérez'),
  client(2, 'María Guadalupe López', { municipality_id: 2, telefono: '(247) 196-3868' }),
  client(3, 'Mariana Álvarez'),
  client(4, 'Ana María Cruz'),
  client(5, 'Rosa Martínez'),
];

describe('sugerencias de clientes (docs/producto.md §9: hasta 5, desde 2 caracteres)', () => {
  test('sin acentos ni mayúsculas: "JOSE nunez" encuentra a José Núñez', () => {
    expect(foldText('  JOSÉ   Núñez ')).toBe('jose nunez');
    expect(names('JOSE nunez')).toEqual(['José Núñez Pérez']);
    expect(names('álvarez')).toEqual(['Mariana Álvarez']);
  });

  test('menos de 2 caracteres no busca; los espacios no cuentan', () => {
    expect(canSearch('m')).toBe(false);
    expect(canSearch(' m ')).toBe(false);
    expect(canSearch('ma')).toBe(true);
    expect(names('m')).toEqual([]);
    expect(names('ma').length).toBeGreaterThan(0);
  });

  test('las palabras en cualquier orden; los que empiezan con el texto van primero, luego por nombre', () => {
    expect(names('lopez maria')).toEqual(['María Guadalupe López']);
    expect(names('mar')).toEqual([
      'María Guadalupe López',
      'Mariana Álvarez',
      'Ana María Cruz',
      'Rosa Martínez',
    ]);
  });

  test('por los dígitos del teléfono, con o sin formato', () => {
    expect(names('196-38')).toEqual(['María Guadalupe López']);
    expect(names('2471963868')).toEqual(['María Guadalupe López']);
  });

  test('como máximo 5, con el municipio de cada uno', () => {
    const many = Array.from({ length: 12 }, (_, i) => client(i + 1, `Martha ${String.fromCharCode(65 + i)}`));
    const found = suggestClients(many, towns, 'martha');
    expect(MAX_SUGGESTIONS).toBe(5);
    expect(found).toHaveLength(5);
    expect(found.map((c) => c.nombre)).toEqual(['Martha A', 'Martha B', 'Martha C', 'Martha D', 'Martha E']);
    expect(suggestClients(PEOPLE, towns, 'guadalupe')[0]?.municipalityName).toBe('Huamantla');
    expect(
      suggestClients([client(9, 'Sin Pueblo', { municipality_id: 99 })], towns, 'sin')[0]?.municipalityName,
    ).toBe('N/A');
  });
});

describe('un cliente nuevo con el nombre de uno registrado', () => {
  test('se encuentra sin importar acentos, mayúsculas ni espacios, con su municipio', () => {
    expect(namesakes(PEOPLE, towns, '  maria guadalupe   LOPEZ ')).toEqual([
      expect.objectContaining({ id: 2, municipalityName: 'Huamantla' }),
    ]);
  });

  test('un nombre parecido o que solo empieza igual no es el mismo', () => {
    expect(namesakes(PEOPLE, towns, 'María Guadalupe')).toEqual([]);
    expect(namesakes(PEOPLE, towns, 'Maria Guadalupe Lopes')).toEqual([]);
    expect(namesakes(PEOPLE, towns, 'M')).toEqual([]);
  });
});
