import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { IsoDate } from '../../../shared/dates';
import type { LocalDb } from '../../store/database';
import { useLocalStore } from '../../store/local-store-context';
import type { LocalLoan } from '../../store/local-types';
import { afterPaint } from '../../ui/after-paint';
import { PAGE_SIZE } from '../../ui/pagination';
import { foldText } from './loan-filters';
import { type ClientInfo, deviceListRow, type LoanListRow, newestFirst } from './loan-list-rows';

export interface DeviceLoans {
  /** Every loan on the device, newest first, with today's derived fields. */
  rows: LoanListRow[];
}

export async function readDeviceLoans(db: LocalDb, today: IsoDate): Promise<DeviceLoans> {
  const [loans, clients, municipalities] = await Promise.all([
    db.loans.toArray(),
    db.clients.toArray(),
    db.municipalities.toArray(),
  ]);
  // One map per read: no query per row, and each name folded once for the accent-insensitive search.
  const byId = new Map<number, ClientInfo>(
    clients.map((c) => [c.id, { nombre: c.nombre, coordinadora: c.coordinadora, key: foldText(c.nombre) }]),
  );
  const names = new Map(municipalities.map((m) => [m.id, m.name]));
  return { rows: loans.map((loan) => deviceListRow(loan, byId, names, today)).sort(newestFirst) };
}

/**
 * The loans list from IndexedDB (docs/arquitectura.md: renders at once, offline too), live: a payment or a sync page
 * updates it. It reads every loan once per change and the page filters in memory. Measured in Chromium with
 * 20,000 loans: switching municipality costs 1–4 ms in memory, while a municipality_id index read of ~5,000
 * loans and their clients took 110–310 ms per switch; the unfiltered list (the default) must read every loan
 * anyway, newest first.
 */
type DeviceLoansResult = { data: DeviceLoans; error: null } | { data: null; error: string };

/**
 * The last list read per store and day: a second visit shows it at once (reading and sorting 20,000 loans
 * takes ~0.3–0.4 s in Chromium) while the live query reads again underneath and replaces it.
 */
const lastRead = new WeakMap<LocalDb, { today: IsoDate; result: DeviceLoansResult }>();

export function useDeviceLoans(today: IsoDate, enabled = true) {
  const { db } = useLocalStore();
  const cached = lastRead.get(db);
  const fresh = cached?.today === today ? cached.result : undefined;
  // With a previous read to show, read again once it is painted: started with the screen, the read's
  // IndexedDB answers (every loan and client) ran between the slices of its render and held back its first
  // paint. Without one, wait until asked (after the first page).
  const painted = usePainted();
  const run = fresh ? painted : enabled;
  const result = useLiveQuery(
    () =>
      run
        ? readDeviceLoans(db, today).then(
            (data): DeviceLoansResult => {
              const result = { data, error: null };
              lastRead.set(db, { today, result });
              return result;
            },
            (error: unknown): DeviceLoansResult => ({
              data: null,
              error: error instanceof Error ? error.message : String(error),
            }),
          )
        : undefined,
    [db, today, run],
  );
  const shown = result ?? fresh;
  return { data: shown?.data ?? null, error: shown?.error ?? null, loading: shown === undefined };
}

/** False until the screen's first frame has been painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPaint().then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}

/** `newestFirst` on the stored loans: created_at descending, then the higher id. */
const newestLoanFirst = (a: LocalLoan, b: LocalLoan): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

export interface DeviceLoansPage {
  /** One page of the unfiltered list, newest first. */
  rows: LoanListRow[];
  /** Every loan on the device. */
  total: number;
}

/** Page `page` (a page past the end reads the last one) of the unfiltered list, newest first. */
export async function readDeviceLoansPage(
  db: LocalDb,
  today: IsoDate,
  page: number,
): Promise<DeviceLoansPage> {
  const total = await db.loans.count();
  const first = (Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / PAGE_SIZE))) - 1) * PAGE_SIZE;
  // Only the buckets that can hold the newest loans (decision 019), sorted as `newestFirst` sorts the list.
  const loans = (await db.loans.greatest(first + PAGE_SIZE))
    .sort(newestLoanFirst)
    .slice(first, first + PAGE_SIZE);
  const [clients, municipalities] = await Promise.all([
    db.clients.bulkGet([...new Set(loans.map((l) => l.client_id))]),
    db.municipalities.toArray(),
  ]);
  const byId = new Map<number, ClientInfo>(
    clients.flatMap((c) => (c ? [[c.id, { nombre: c.nombre, coordinadora: c.coordinadora }]] : [])),
  );
  const names = new Map(municipalities.map((m) => [m.id, m.name]));
  return { rows: loans.map((loan) => deviceListRow(loan, byId, names, today)), total };
}

/**
 * One page of the unfiltered list read from the newest loans' buckets only, for the first visit: reading and
 * sorting every loan takes ~0.3–0.4 s with 20,000 of them, and the first page does not need to wait for it. The
 * whole list is read after it: IndexedDB answers one read after the other, so reading both at once would
 * bring the page no sooner. Live too.
 */
export function useDeviceLoansPage(today: IsoDate, page: number, enabled: boolean): DeviceLoansPage | null {
  const { db } = useLocalStore();
  return (
    useLiveQuery(
      async (): Promise<DeviceLoansPage | null> =>
        // A failed read shows nothing here: the whole list's read, which comes next, reports the error.
        enabled ? readDeviceLoansPage(db, today, page).catch(() => ({ rows: [], total: 0 })) : null,
      [db, today, page, enabled],
    ) ?? null
  );
}
