// The device store as earlier releases declared it, version by version, frozen here: upgrade tests open one
// of these, fill it as that release would have, and then open it with the current LocalDb.
import { Dexie } from 'dexie';

const VERSIONS: Record<string, string | null>[] = [
  {
    municipalities: 'id',
    clients: 'id, municipality_id',
    payment_methods: 'id',
    loans: 'id, municipality_id, client_id, grupo',
    amortizations: 'id, loan_id',
    weekly_sheets: 'id, municipality_id',
    weekly_sheet_loans: 'id, weekly_sheet_id, loan_id',
    outbox: 'id, status, loanId',
    shadows: '[entity+id], loanId',
    meta: 'key',
  },
  { loans: 'id, municipality_id, client_id, grupo, created_at' },
  { weekly_sheet_loans: 'id, weekly_sheet_id, loan_id, [weekly_sheet_id+orden_ruta]' },
  { visits: 'id, loan_id' },
  { schedules: 'loan_id' },
  { amortizations: null },
  { client_buckets: 'key', loan_buckets: 'key', loan_tops: 'key', schedule_buckets: 'key' },
  { clients: null, loans: null, schedules: null },
  { payments: 'id, loan_id, receipt_id' },
];

/**
 * A store of schema `version` (1–4: one record per amortización; 5–6: one record per loan's schedule, a record
 * per client and per loan; 7–8: clients, loans and schedules in buckets of ids; 9: and the ledger's events, a
 * record each), not yet opened.
 */
export function legacyStore(name: string, version: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9): Dexie {
  const db = new Dexie(name);
  for (const [i, stores] of VERSIONS.slice(0, version).entries()) db.version(i + 1).stores(stores);
  return db;
}
