import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  LocalAmortization,
  LocalClient,
  LocalLoan,
  LocalMunicipality,
  LocalPaymentMethod,
  LocalSchedule,
  LocalVisit,
  LocalWeeklySheet,
  LocalWeeklySheetLoan,
  MetaRow,
  OutboxEntry,
  ShadowRow,
} from './local-types';

/** The synced tables: cleared by a reset, never the outbox or the meta rows. */
export const SYNCED_TABLES = [
  'municipalities',
  'clients',
  'payment_methods',
  'loans',
  'schedules',
  'weekly_sheets',
  'weekly_sheet_loans',
  'visits',
] as const;

/**
 * One IndexedDB database per signed-in user (`prestamos-u<id>`): a second user on the same phone never sees
 * the first one's loans, and each user's pending payments wait in their own outbox for their next login.
 * Versions only add: a new version lists the full schema and Dexie keeps the outbox's rows.
 */
export class LocalDb extends Dexie {
  municipalities!: EntityTable<LocalMunicipality, 'id'>;
  clients!: EntityTable<LocalClient, 'id'>;
  payment_methods!: EntityTable<LocalPaymentMethod, 'id'>;
  loans!: EntityTable<LocalLoan, 'id'>;
  schedules!: EntityTable<LocalSchedule, 'loan_id'>;
  weekly_sheets!: EntityTable<LocalWeeklySheet, 'id'>;
  weekly_sheet_loans!: EntityTable<LocalWeeklySheetLoan, 'id'>;
  visits!: EntityTable<LocalVisit, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  shadows!: Table<ShadowRow, [string, number]>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
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
    });
    // The loans list's first page reads the newest loans in index order, before the whole list is read.
    this.version(2).stores({ loans: 'id, municipality_id, client_id, grupo, created_at' });
    // A sheet's loans open one page at a time, in route order, straight from this index.
    this.version(3).stores({
      weekly_sheet_loans: 'id, weekly_sheet_id, loan_id, [weekly_sheet_id+orden_ruta]',
    });
    // Visits without payment (issue 12): the collector's week and the office's loan detail read them by loan.
    this.version(4).stores({ visits: 'id, loan_id' });
    // One record per loan's schedule instead of one per amortización (decision 012): a first sync stores
    // ~20,000 records instead of ~330,000. The rows move as they are, pending edits' rows included; the
    // outbox, its shadows and the cursor are untouched, so nothing is pulled again and nothing queued is lost.
    this.version(5)
      .stores({ schedules: 'loan_id' })
      .upgrade(async (tx) => {
        const byLoan = new Map<number, LocalAmortization[]>();
        await tx.table<LocalAmortization, number>('amortizations').each((row) => {
          const rows = byLoan.get(row.loan_id);
          if (rows) rows.push(row);
          else byLoan.set(row.loan_id, [row]);
        });
        await tx
          .table<LocalSchedule, number>('schedules')
          .bulkPut(
            [...byLoan].map(([loan_id, rows]) => ({ loan_id, rows: rows.sort((a, b) => a.id - b.id) })),
          );
      });
    this.version(6).stores({ amortizations: null });
  }
}

export const localDbName = (userId: number) => `prestamos-u${userId}`;
