// The arrears buckets of the portfolio report (docs/reglas-del-negocio.md §8.5), for one loan: the report counts
// them in SQL (server/reports/portfolio-queries.ts), Cobranza shows each card's from the loan figures' daysLate.
import { AGING_BUCKETS } from './types';

export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of a loan `daysLate` days behind (shared/loans/figures.ts), or null when it is up to date. */
export function agingBucketOf(daysLate: number): AgingBucket | null {
  if (daysLate <= 0) return null;
  return AGING_BUCKETS.find((b) => b.max === null || daysLate <= b.max) ?? null;
}
