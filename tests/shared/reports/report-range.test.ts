import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dateRangeQuerySchema } from '../../../shared/reports/schemas';

describe('the reports’ date range', () => {
  // Found by the fuzzer (tests/server/security/fuzz.test.ts): the range checks ran on a date that had already
  // failed its own check, and counting its days threw, which every report route answered with a 500.
  it.each(['-1', '0', '1e309', '99999-01-01', 'x'.repeat(1000), '2026-02-30'])(
    'refuses %s next to a valid date without throwing',
    (bad) => {
      for (const query of [
        { fechaInicio: bad, fechaFin: '2026-03-31' },
        { fechaInicio: '2026-03-01', fechaFin: bad },
      ]) {
        const result = v.safeParse(dateRangeQuerySchema, query);
        expect(result.success).toBe(false);
        expect(result.issues?.[0]?.message).toBe('La fecha no es válida (AAAA-MM-DD)');
      }
    },
  );

  it('still refuses an inverted or too long range', () => {
    expect(
      v.safeParse(dateRangeQuerySchema, { fechaInicio: '2026-03-02', fechaFin: '2026-03-01' }).success,
    ).toBe(false);
    expect(
      v.safeParse(dateRangeQuerySchema, { fechaInicio: '2000-01-01', fechaFin: '2026-03-01' }).success,
    ).toBe(false);
    expect(
      v.safeParse(dateRangeQuerySchema, { fechaInicio: '2026-03-01', fechaFin: '2026-03-31' }).success,
    ).toBe(true);
  });
});
