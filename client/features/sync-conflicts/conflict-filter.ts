/** GET /api/sync/conflicts?reviewed=: to review (the default), reviewed, or all. */
export type ReviewFilter = 'false' | 'true' | 'all';

export const REVIEW_FILTERS: readonly { value: ReviewFilter; label: string }[] = [
  { value: 'false', label: 'Por revisar' },
  { value: 'true', label: 'Revisados' },
  { value: 'all', label: 'Todos' },
];

export const isReviewFilter = (value: string | null): value is ReviewFilter =>
  REVIEW_FILTERS.some((f) => f.value === value);
