import { describe, expect, it } from 'vitest';
import { agingBucketOf } from '../../../shared/reports/aging';

describe('agingBucketOf', () => {
  it("puts days late in the portfolio report's buckets, edges included", () => {
    const keys = [0, 1, 7, 8, 30, 31, 60, 61, 90, 91, 400].map((d) => agingBucketOf(d)?.key ?? null);
    expect(keys).toEqual([
      null,
      '1-7',
      '1-7',
      '8-30',
      '8-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});
