/** Ids per bucket (decision 019): a payment reads and writes one loan bucket and one schedule bucket. */
export const BUCKET_SIZES = { clients: 64, loans: 64, schedules: 16, payments: 64 } as const;
