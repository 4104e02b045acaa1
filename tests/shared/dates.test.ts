import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessToday,
  daysBetween,
  endOfMonth,
  formatDate,
  isIsoDate,
  parseLocalDate,
  startOfMonth,
  weekdayIndex,
} from '../../shared/dates';

describe('formatDate', () => {
  it.each([
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['2026-11-03', '03/11/2026'],
    ['2026-01-01', '01/01/2026'],
    ['2024-02-29', '29/02/2024'],
    ['garbage', 'Fecha inválida'],
    ['2026-02-30', 'Fecha inválida'],
    ['2026-13-01', 'Fecha inválida'],
  ] as const)('%j → %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('reads a date-only string as a local date (no shift to the previous day)', () => {
    const d = parseLocalDate('2026-11-03')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 10, 3, 0]);
  });

  it('formats a Date and refuses an invalid one', () => {
    expect(formatDate(new Date(2026, 10, 3))).toBe('03/11/2026');
    expect(formatDate(new Date(Number.NaN))).toBe('Fecha inválida');
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-04-31', false],
    ['2026-1-01', false],
    ['2026-01-01T00:00', false],
  ] as const)('%s → %s', (input, expected) => {
    expect(isIsoDate(input)).toBe(expected);
  });
});

describe('addDays / daysBetween / weekdayIndex', () => {
  it.each([
    ['2025-12-29', 7, '2026-01-05'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-01-01', -1, '2025-12-31'],
  ] as const)('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each([
    ['2024-01-01', 0],
    ['2026-11-03', 1],
    ['2026-11-22', 6],
    ['2026-11-20', 4],
  ] as const)('weekdayIndex(%s) = %i (0 = lunes)', (date, expected) => {
    expect(weekdayIndex(date)).toBe(expected);
  });
});

describe('addMonths clamps to the end of the month', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 2, '2024-03-31'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2025-12-31', 2, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-11-15', 3, '2026-02-15'],
    ['2026-05-31', 1, '2026-06-30'],
  ] as const)('%s + %i months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('gives the month bounds', () => {
    expect(startOfMonth('2024-02-17')).toBe('2024-02-01');
    expect(endOfMonth('2024-02-17')).toBe('2024-02-29');
    expect(endOfMonth('2026-12-05')).toBe('2026-12-31');
  });
});

describe('businessToday in America/Mexico_City (UTC−6, no daylight saving since 2022)', () => {
  it.each([
    ['2026-03-01T05:59:59Z', '2026-02-28'],
    ['2026-03-01T06:00:00Z', '2026-03-01'],
    ['2026-01-01T00:30:00Z', '2025-12-31'],
    ['2026-07-15T03:00:00Z', '2026-07-14'],
    ['2026-07-15T12:00:00Z', '2026-07-15'],
  ] as const)('at %s it is %s', (instant, expected) => {
    expect(businessToday('America/Mexico_City', new Date(instant))).toBe(expected);
  });

  it('uses another zone when configured', () => {
    expect(businessToday('UTC', new Date('2026-03-01T05:59:59Z'))).toBe('2026-03-01');
    expect(businessToday('America/Tijuana', new Date('2026-07-15T06:30:00Z'))).toBe('2026-07-14');
  });
});
