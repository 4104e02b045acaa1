import { useLiveQuery } from 'dexie-react-hooks';
import type { Amortization, Loan, LoanRecord } from '../../../shared/loans/types';
import type { CollectionDay } from '../../../shared/municipalities/schemas';
import { useApiData } from '../../session/use-api-data';
import type { LocalDb } from '../../store/database';
import { useLocalStore } from '../../store/local-store-context';
import { scheduleOf } from '../../store/schedules';
import { useOnline } from '../../ui/use-online';
import { type RowSync, rowSyncStates } from './loan-figures';

export interface LoanDetail {
  loan: LoanRecord;
  client: { nombre: string; telefono: string; coordinadora: boolean } | null;
  municipalityName: string | null;
  /** The town's collection day: the week of the loan figures (null: unknown, the Monday week). */
  collectionDay?: CollectionDay | null;
  /** In numero_pago order. */
  rows: Amortization[];
  sync: ReadonlyMap<number, RowSync>;
  /** 'server': an older loan the device does not keep, read online; it cannot be edited here. */
  source: 'device' | 'server';
}

const byNumber = (a: Amortization, b: Amortization) => a.numero_pago - b.numero_pago;

async function readDeviceDetail(db: LocalDb, id: number): Promise<LoanDetail | null> {
  const loan = await db.loans.get(id);
  if (!loan) return null;
  const [client, municipality, rows, entries] = await Promise.all([
    db.clients.get(loan.client_id),
    db.municipalities.get(loan.municipality_id),
    scheduleOf(db, id),
    db.outbox.where('loanId').equals(id).toArray(),
  ]);
  return {
    loan,
    client: client
      ? { nombre: client.nombre, telefono: client.telefono, coordinadora: client.coordinadora }
      : null,
    municipalityName: municipality?.name ?? null,
    collectionDay: municipality?.collection_day ?? null,
    rows: [...rows].sort(byNumber),
    sync: rowSyncStates(entries),
    source: 'device',
  };
}

const serverDetail = (loan: Loan): LoanDetail => ({
  loan,
  client: {
    nombre: loan.client_nombre,
    telefono: loan.client_telefono,
    coordinadora: loan.client_coordinadora,
  },
  municipalityName: loan.municipality_name,
  collectionDay: loan.collection_day ?? null,
  rows: [...loan.amortizacion].sort(byNumber),
  sync: new Map(),
  source: 'server',
});

interface DeviceAnswer {
  id: number | null;
  detail: LoanDetail | null;
  error: string | null;
}

/**
 * One loan with its client, rows and their sync state, live from the device (a payment shows at once). A loan
 * the device does not keep is read from GET /api/loans/:id while online.
 */
export function useLoanDetail(id: number | null) {
  const { db } = useLocalStore();
  const online = useOnline();
  const answer = useLiveQuery(
    (): DeviceAnswer | Promise<DeviceAnswer> =>
      id === null
        ? { id, detail: null, error: null }
        : readDeviceDetail(db, id).then(
            (detail) => ({ id, detail, error: null }),
            (error: unknown) => ({
              id,
              detail: null,
              error: error instanceof Error ? error.message : String(error),
            }),
          ),
    [db, id],
  );
  // Until the new id's answer arrives, the hook still holds the previous loan's: never show it as this one.
  const device = answer?.id === id ? answer : undefined;
  const missing = id !== null && device !== undefined && device.detail === null && device.error === null;
  const server = useApiData<{ data: Loan }>(missing && online ? `loans/${id}` : null);
  const detail = device?.detail ?? (missing && server.data ? serverDetail(server.data.data) : null);
  return {
    detail,
    loading: device === undefined || (missing && online && server.loading),
    error: device?.error ?? (missing ? server.error : null),
    /** Not on the device and no network to ask the server. */
    offlineMissing: missing && !online,
    reload: server.reload,
  };
}
