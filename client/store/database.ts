import { Dexie, type EntityTable, type Table } from 'dexie';
import { rowAmounts } from '../../shared/loans/schedule';
import { toCents, toPesos } from '../../shared/money';
import { BUCKET_SIZES } from './bucket-sizes';
import { type Bucket, BucketStore, type BucketSummary } from './buckets';
import type {
  LocalAmortization,
  LocalClient,
  LocalLoan,
  LocalLoanPayments,
  LocalMunicipality,
  LocalPayment,
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
  'client_buckets',
  'payment_methods',
  'loan_buckets',
  'loan_tops',
  'schedule_buckets',
  'weekly_sheets',
  'weekly_sheet_loans',
  'visits',
  'payment_buckets',
] as const;

const {
  clients: CLIENTS_PER_BUCKET,
  loans: LOANS_PER_BUCKET,
  schedules: SCHEDULES_PER_BUCKET,
  payments: PAYMENTS_PER_BUCKET,
} = BUCKET_SIZES;

/** The loans list's order (newest first): the first page reads only the buckets holding the newest loans. */
const newestOrder = (loan: LocalLoan) => loan.created_at;

/** The three bucketed stores over the tables `table` names (the open store's, or an upgrade's). */
function bucketStores(table: (name: string) => Table) {
  return {
    clients: new BucketStore<LocalClient>(
      () => table('client_buckets'),
      CLIENTS_PER_BUCKET,
      (c) => c.id,
    ),
    loans: new BucketStore<LocalLoan>(
      () => table('loan_buckets'),
      LOANS_PER_BUCKET,
      (l) => l.id,
      {
        of: newestOrder,
        summaries: () => table('loan_tops'),
      },
    ),
    schedules: new BucketStore<LocalSchedule>(
      () => table('schedule_buckets'),
      SCHEDULES_PER_BUCKET,
      (s) => s.loan_id,
    ),
    payments: new BucketStore<LocalLoanPayments>(
      () => table('payment_buckets'),
      PAYMENTS_PER_BUCKET,
      (p) => p.loan_id,
    ),
  };
}

/**
 * One IndexedDB database per signed-in user (`prestamos-u<id>`): a second user on the same phone never sees
 * the first one's loans, and each user's pending payments wait in their own outbox for their next login.
 * Versions only add: a new version lists the full schema and Dexie keeps the outbox's rows.
 */
export class LocalDb extends Dexie {
  municipalities!: EntityTable<LocalMunicipality, 'id'>;
  payment_methods!: EntityTable<LocalPaymentMethod, 'id'>;
  client_buckets!: Table<Bucket<LocalClient>, number>;
  loan_buckets!: Table<Bucket<LocalLoan>, number>;
  /** Each loan bucket's count and newest created_at: the list's first page reads only the newest buckets. */
  loan_tops!: Table<BucketSummary, number>;
  schedule_buckets!: Table<Bucket<LocalSchedule>, number>;
  /** Clients, loans and schedules, read and written row by row over their buckets (decision 019). */
  readonly clients: BucketStore<LocalClient>;
  readonly loans: BucketStore<LocalLoan>;
  readonly schedules: BucketStore<LocalSchedule>;
  weekly_sheets!: EntityTable<LocalWeeklySheet, 'id'>;
  weekly_sheet_loans!: EntityTable<LocalWeeklySheetLoan, 'id'>;
  visits!: EntityTable<LocalVisit, 'id'>;
  payment_buckets!: Table<Bucket<LocalLoanPayments>, number>;
  /**
   * Payment events of the ledger (decision 021): those of the last weeks, of the loans on the device, kept per
   * loan in buckets of loans (client/store/payment-events.ts).
   */
  readonly payments: BucketStore<LocalLoanPayments>;
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
    // Visits without payment (docs/reglas-del-negocio.md §10): the collector's week and the office's loan
    // detail read them by loan.
    this.version(4).stores({ visits: 'id, loan_id' });
    // One record per loan's schedule instead of one per amortización (decision 013): a first sync stores
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
    // Clients, loans and schedules in buckets of ids (decision 019): a first sync of 20,000 loans stores ~2,000
    // records instead of ~65,000. The rows move as they are; the outbox, shadows and cursor are not touched.
    this.version(7)
      .stores({ client_buckets: 'key', loan_buckets: 'key', loan_tops: 'key', schedule_buckets: 'key' })
      .upgrade(async (tx) => {
        const stores = bucketStores((name) => tx.table(name));
        await stores.clients.bulkPut(await tx.table<LocalClient>('clients').toArray());
        await stores.loans.bulkPut(await tx.table<LocalLoan>('loans').toArray());
        await stores.schedules.bulkPut(await tx.table<LocalSchedule>('schedules').toArray());
      });
    this.version(8).stores({ clients: null, loans: null, schedules: null });
    // The payment ledger (decision 021): its events, read by loan and by receipt. The server sends them once the
    // device asks (its next pull downloads everything again, the outbox untouched); until then every row the
    // device holds gets its amount due from its loan, as the server's migration gave the stored ones.
    this.version(9)
      .stores({ payments: 'id, loan_id, receipt_id' })
      .upgrade(async (tx) => {
        const stores = bucketStores((name) => tx.table(name));
        const loans = new Map((await stores.loans.toArray()).map((l) => [l.id, l]));
        const schedules = await stores.schedules.toArray();
        const filled = schedules.map((s) => ({ ...s, rows: withMonto(s.rows, loans.get(s.loan_id)) }));
        await stores.schedules.bulkPut(filled);
        await tx
          .table<ShadowRow>('shadows')
          .toCollection()
          .modify((shadow) => {
            if (shadow.entity === 'amortizations' && shadow.row)
              shadow.row = withMonto([shadow.row], loans.get(shadow.loanId))[0]!;
          });
      });
    // The events in buckets of loans, like schedules: a first sync of 20,000 loans brought ~45,000 events, a
    // record each, and writing them doubled its time. The events move as they are; nothing else is touched.
    this.version(10)
      .stores({ payment_buckets: 'key' })
      .upgrade(async (tx) => {
        const byLoan = new Map<number, LocalPayment[]>();
        await tx.table<LocalPayment, number>('payments').each((p) => {
          const rows = byLoan.get(p.loan_id);
          if (rows) rows.push(p);
          else byLoan.set(p.loan_id, [p]);
        });
        await bucketStores((name) => tx.table(name)).payments.bulkPut(
          [...byLoan].map(([loan_id, rows]) => ({ loan_id, rows: rows.sort((a, b) => a.id - b.id) })),
        );
      });
    this.version(11).stores({ payments: null });
    const stores = bucketStores((name) => this.table(name));
    this.clients = stores.clients;
    this.loans = stores.loans;
    this.schedules = stores.schedules;
    this.payments = stores.payments;
  }
}

export const localDbName = (userId: number) => `prestamos-u${userId}`;

/** Rows stored before they carried their amount due get it from their loan (shared rowAmounts). */
function withMonto(rows: LocalAmortization[], loan: LocalLoan | undefined): LocalAmortization[] {
  if (!loan) return rows;
  const amounts = rowAmounts(toCents(loan.monto_con_interes)!, toCents(loan.abono)!, loan.total_pagos);
  return rows.map((r) =>
    typeof r.monto === 'number' ? r : { ...r, monto: toPesos(amounts[r.numero_pago - 1] ?? amounts.at(-1)!) },
  );
}
