import { useLiveQuery } from 'dexie-react-hooks';
import type { IsoDate } from '../../../shared/dates';
import type { LocalDb } from '../../db/database';
import { useLocalStore } from '../../db/local-store-context';
import { foldText } from './loan-filters';
import { type ClientInfo, deviceListRow, type LoanListRow, newestFirst } from './loan-list-rows';

export interface DeviceLoans {
  /** Every loan on the device, newest first, with today's derived fields. */
  rows: LoanListRow[];
}

async function readDeviceLoans(db: LocalDb, today: IsoDate): Promise<DeviceLoans> {
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
 * The loans list from IndexedDB (DESIGN §2: renders at once, offline too), live: a payment or a sync page
 * updates it. It reads every loan once per change and the page filters in memory. Measured in Chromium with
 * 20,000 loans: switching municipality costs 1–4 ms in memory, while a municipality_id index read of ~5,000
 * loans and their clients took 110–310 ms per switch; the unfiltered list (the default) must read every loan
 * anyway, newest first, as there is no created_at index.
 */
export function useDeviceLoans(today: IsoDate) {
  const { db } = useLocalStore();
  const result = useLiveQuery(
    () =>
      readDeviceLoans(db, today).then(
        (data) => ({ data, error: null }),
        (error: unknown) => ({ data: null, error: error instanceof Error ? error.message : String(error) }),
      ),
    [db, today],
  );
  return { data: result?.data ?? null, error: result?.error ?? null, loading: result === undefined };
}
