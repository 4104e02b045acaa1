import { describe, expect, test } from 'vitest';
import { countText, pageInfo, pageRows, paginationText } from '../../../../client/ui/pagination';

describe('pageInfo y paginationText (docs/producto.md §2, §9)', () => {
  test.each([
    [1, 57, 'Mostrando 1 a 10 de 57 resultados', 6],
    [2, 57, 'Mostrando 11 a 20 de 57 resultados', 6],
    [6, 57, 'Mostrando 51 a 57 de 57 resultados', 6],
    [9, 57, 'Mostrando 51 a 57 de 57 resultados', 6],
    [0, 57, 'Mostrando 1 a 10 de 57 resultados', 6],
    [1, 10, 'Mostrando 1 a 10 de 10 resultados', 1],
    [1, 0, 'Mostrando 0 a 0 de 0 resultados', 1],
  ])('página %i de %i elementos', (page, total, text, pages) => {
    const info = pageInfo(page, total);
    expect(paginationText(info)).toBe(text);
    expect(info.totalPages).toBe(pages);
  });

  test('otro tamaño de página (el del servidor)', () => {
    expect(paginationText(pageInfo(3, 95, 25))).toBe('Mostrando 51 a 75 de 95 resultados');
  });

  test('pageRows corta la página', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageRows(items, pageInfo(3, 23))).toEqual([21, 22, 23]);
    expect(pageRows([], pageInfo(1, 0))).toEqual([]);
  });
});

test('countText', () => {
  expect(countText(12, 80)).toBe('Mostrando 12 de 80 préstamos');
  expect(countText(0, 0)).toBe('Mostrando 0 de 0 préstamos');
  expect(countText(1, 1)).toBe('Mostrando 1 de 1 préstamo');
});
