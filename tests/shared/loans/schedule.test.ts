import { describe, expect, it } from 'vitest';
import {
  buildSchedule,
  formatLoanReference,
  loanReferenceNumber,
  paymentDate,
} from '../../../shared/loans/schedule';
import type { ModalidadPago } from '../../../shared/loans/terms';

const dates = (fechaInicio: string, modalidad: ModalidadPago, totalPagos: number) =>
  buildSchedule({ fechaInicio, totalPagos, modalidad, loanReference: 'PR-000001' }).rows.map(
    (r) => r.fecha_pago,
  );

describe('buildSchedule', () => {
  it('numbers rows 1..n with references and ends on the last payment', () => {
    const s = buildSchedule({
      fechaInicio: '2026-11-02',
      totalPagos: 14,
      modalidad: 'SEMANAL',
      loanReference: 'PR-000123',
    });
    expect(s.rows).toHaveLength(14);
    expect(s.rows[0]).toEqual({ numero_pago: 1, fecha_pago: '2026-11-09', referencia: 'PR-000123-1' });
    expect(s.rows[13]).toEqual({ numero_pago: 14, fecha_pago: '2027-02-08', referencia: 'PR-000123-14' });
    expect(s.fechaFin).toBe('2027-02-08');
    expect(s.rows.map((r) => r.numero_pago)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it.each([
    ['SEMANAL across the year end', '2025-12-22', 'SEMANAL', 3, ['2025-12-29', '2026-01-05', '2026-01-12']],
    ['DIARIO across the year end', '2025-12-30', 'DIARIO', 3, ['2025-12-31', '2026-01-01', '2026-01-02']],
    ['DIARIO over a leap day', '2024-02-28', 'DIARIO', 2, ['2024-02-29', '2024-03-01']],
    [
      'QUINCENAL across the year end',
      '2025-12-20',
      'QUINCENAL',
      3,
      ['2026-01-03', '2026-01-17', '2026-01-31'],
    ],
    [
      'MENSUAL from 31 Jan in a leap year',
      '2024-01-31',
      'MENSUAL',
      6,
      ['2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30', '2024-07-31'],
    ],
    ['MENSUAL from 31 Jan in a common year', '2025-01-31', 'MENSUAL', 2, ['2025-02-28', '2025-03-31']],
    [
      'MENSUAL across the year end',
      '2025-11-30',
      'MENSUAL',
      4,
      ['2025-12-30', '2026-01-30', '2026-02-28', '2026-03-30'],
    ],
    [
      'MENSUAL from 29 Feb',
      '2024-02-29',
      'MENSUAL',
      12,
      [
        '2024-03-29',
        '2024-04-29',
        '2024-05-29',
        '2024-06-29',
        '2024-07-29',
        '2024-08-29',
        '2024-09-29',
        '2024-10-29',
        '2024-11-29',
        '2024-12-29',
        '2025-01-29',
        '2025-02-28',
      ],
    ],
  ] as [string, string, ModalidadPago, number, string[]][])('%s', (_label, start, modalidad, n, expected) => {
    expect(dates(start, modalidad, n)).toEqual(expected);
  });

  it('ends a 14-week loan started on 22 Dec 2025 on 30 Mar 2026', () => {
    expect(
      buildSchedule({ fechaInicio: '2025-12-22', totalPagos: 14, modalidad: 'SEMANAL', loanReference: 'X' })
        .fechaFin,
    ).toBe('2026-03-30');
  });

  it('counts MENSUAL periods from the start date, not from the previous payment', () => {
    expect(paymentDate('2024-01-31', 'MENSUAL', 2)).toBe('2024-03-31');
  });

  it('refuses a non-positive number of payments', () => {
    expect(() =>
      buildSchedule({ fechaInicio: '2026-01-01', totalPagos: 0, modalidad: 'SEMANAL', loanReference: 'X' }),
    ).toThrow(RangeError);
  });
});

describe('loan references', () => {
  it.each([
    [1, 'PR-000001'],
    [123, 'PR-000123'],
    [999_999, 'PR-999999'],
    [1_234_567, 'PR-1234567'],
  ] as const)('%i → %s', (n, ref) => {
    expect(formatLoanReference(n)).toBe(ref);
    expect(loanReferenceNumber(ref)).toBe(n);
  });

  it('reads no number from other text', () => {
    expect(loanReferenceNumber('ABC-1')).toBeNull();
  });
});
