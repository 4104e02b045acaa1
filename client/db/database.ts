import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  LocalAmortization,
  LocalClient,
  LocalLoan,
  LocalMunicipality,
  LocalPaymentMethod,
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
  'amortizations',
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
  amortizations!: EntityTable<LocalAmortization, 'id'>;
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
  }
}

export const localDbName = (userId: number) => `prestamos-u${userId}`;
