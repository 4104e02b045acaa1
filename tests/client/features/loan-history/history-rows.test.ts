import { describe, expect, test } from 'vitest';
import {
  type HistoryEntry,
  mergeHistory,
  pageOf,
  showingText,
} from '../../../../client/features/loan-history/history-rows';
import type { Loan } from '../../../../shared/loans/types';

const entry = (loanId: number, grupo: number, nombre: string, fechaInicio = '2026-10-01'): HistoryEntry => ({
  loanId,
  loanReference: `PR-${String(loanId).padStart(6, '0')}`,
  nombre,
  fechaInicio,
  grupo,
  abono: 100,
  serverRows: null,
});

const serverLoan = (id: number, grupo: number, nombre: string) =>
  ({
    id,
    loan_reference: `PR-${String(id).padStart(6, '0')}`,
    client_nombre: nombre,
    fecha_inicio: '2025-01-06',
    grupo,
    abono: 200,
    amortizacion: [],
  }) as unknown as Loan;

describe('the history’s rows', () => {
  test('ordered by grupo, then client name (accents and case aside), then start date', () => {
    const sorted = mergeHistory(
      [
        entry(1, 2, 'Ana'),
        entry(2, 1, 'Zoe'),
        entry(3, 1, 'ángel'),
        entry(4, 1, 'Beto', '2026-11-01'),
        entry(5, 1, 'beto', '2026-09-01'),
      ],
      null,
    );
    expect(sorted.map((e) => e.loanId)).toEqual([3, 5, 4, 2, 1]);
  });

  test('the server adds the loans the device lacks; a loan on both keeps the device’s copy', () => {
    const merged = mergeHistory(
      [entry(1, 1, 'Carla'), entry(2, 2, 'Beto')],
      [serverLoan(2, 2, 'Beto'), serverLoan(9, 1, 'Ana')],
    );
    expect(merged.map((e) => [e.loanId, e.serverRows === null ? 'dispositivo' : 'servidor'])).toEqual([
      [9, 'servidor'],
      [1, 'dispositivo'],
      [2, 'dispositivo'],
    ]);
    expect(merged[0]).toMatchObject({ nombre: 'Ana', abono: 200, fechaInicio: '2025-01-06', serverRows: [] });
  });

  test('pages of 50 with SPEC’s text, clamped to the pages there are', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    const second = pageOf(items, 2, 50);
    expect(second).toMatchObject({ page: 2, pages: 3, from: 51, to: 100, total: 120 });
    expect(second.items[0]).toBe(50);
    expect(showingText(second)).toBe('Mostrando 51 a 100 de 120 resultados');
    expect(pageOf(items, 9, 50)).toMatchObject({ page: 3, from: 101, to: 120 });
    expect(pageOf(items, 0, 50).page).toBe(1);
    const empty = pageOf([], 1, 50);
    expect(empty).toMatchObject({ page: 1, pages: 1, from: 0, to: 0, total: 0, items: [] });
  });
});
