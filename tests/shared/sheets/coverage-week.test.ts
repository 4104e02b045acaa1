import { describe, expect, test } from 'vitest';
import { coverageWeekFor, isoWeekLabel } from '../../../shared/sheets/coverage-week';

describe('semana de cobertura', () => {
  test.each([
    // Tuesday 24/11/2026 → that week's collection days.
    ['LUNES', '2026-11-24', '2026-11-23', '2026-11-29', '2026-W48'],
    ['MARTES', '2026-11-24', '2026-11-24', '2026-11-30', '2026-W48'],
    ['VIERNES', '2026-11-24', '2026-11-27', '2026-12-03', '2026-W48'],
    // Sunday belongs to the Monday-based week that began six days earlier.
    ['LUNES', '2026-11-29', '2026-11-23', '2026-11-29', '2026-W48'],
    // Across a month end, a year end (2026 has 53 ISO weeks) and a leap day.
    ['VIERNES', '2026-12-01', '2026-12-04', '2026-12-10', '2026-W49'],
    ['JUEVES', '2026-12-28', '2026-12-31', '2027-01-06', '2026-W53'],
    ['VIERNES', '2027-01-01', '2027-01-01', '2027-01-07', '2026-W53'],
    ['LUNES', '2027-01-04', '2027-01-04', '2027-01-10', '2027-W01'],
    ['MIERCOLES', '2028-02-29', '2028-03-01', '2028-03-07', '2028-W09'],
    ['LUNES', '2028-02-29', '2028-02-28', '2028-03-05', '2028-W09'],
  ] as const)('%s, %s → %s al %s (%s)', (day, date, start, end, week) => {
    expect(coverageWeekFor(day, date)).toEqual({ coverageWeek: start, coverageWeekEnd: end, week });
  });

  test.each([
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
    ['2026-01-01', '2026-W01'],
  ])('ISO %s → %s', (date, label) => expect(isoWeekLabel(date)).toBe(label));
});
