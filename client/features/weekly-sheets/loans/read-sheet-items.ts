import type { Amortization } from '../../../../shared/loans/types';
import type { LocalDb } from '../../../store/database';
import { type DevicePayment, devicePayments } from '../../../store/device-payments';
import type { LocalClient, LocalWeeklySheetLoan, OutboxEntry } from '../../../store/local-types';
import { paymentsOfLoans } from '../../../store/payment-events';
import { schedulesOf } from '../../../store/schedules';
import { type RowSync, rowSyncStates } from '../../loans/loan-figures';
import type { LoanDetail } from '../../loans/use-loan-detail';

export interface SheetLoanItem {
  sheetLoan: LocalWeeklySheetLoan;
  /** What the loan's detail and payment path need (the same shape the loan detail uses). */
  detail: LoanDetail;
  /** The rows as the server last sent them: the device's with the kept server copies put back. */
  serverRows: Amortization[];
  /** The loan's payments as the device counts them (synced events and this phone's own). */
  payments: DevicePayment[];
}

const byNumber = (a: Amortization, b: Amortization) => a.numero_pago - b.numero_pago;

const groupBy = <T>(list: readonly T[], key: (t: T) => number) => {
  const map = new Map<number, T[]>();
  for (const t of list) {
    const k = key(t);
    const bucket = map.get(k);
    if (bucket) bucket.push(t);
    else map.set(k, [t]);
  }
  return map;
};

/**
 * The given sheet loans with their loan, client, rows and sync state, in the order given; a sheet loan whose
 * loan the device no longer keeps is left out. One read-only transaction; the rows are read one loan at a
 * time (one index `getAll` each, in parallel): in Chromium that is several times faster than one `anyOf`
 * cursor over a thousand keys.
 */
export function readSheetItems<
  S extends Pick<LocalWeeklySheetLoan, 'loan_id' | 'client_id'> = LocalWeeklySheetLoan,
>(
  db: LocalDb,
  sheetLoans: readonly S[],
  municipalityName: string | null,
  /** False for figures that never show a client: a thousand fewer reads. */
  withClients = true,
): Promise<(Omit<SheetLoanItem, 'sheetLoan'> & { sheetLoan: S })[]> {
  if (sheetLoans.length === 0) return Promise.resolve([]);
  const loanIds = sheetLoans.map((s) => s.loan_id);
  return db.transaction(
    'r',
    [
      ...db.loans.tables,
      ...db.clients.tables,
      ...db.schedules.tables,
      ...db.payments.tables,
      db.outbox,
      db.shadows,
    ],
    async () => {
      // The sheet loan carries its client's id, so the clients are read alongside the loans, not after them.
      const clientIds = withClients
        ? [...new Set(sheetLoans.flatMap((s) => (s.client_id ? [s.client_id] : [])))]
        : [];
      const [loans, clientList, rowLists, entries, shadows, synced] = await Promise.all([
        db.loans.bulkGet(loanIds),
        db.clients.bulkGet(clientIds),
        schedulesOf(db, loanIds),
        db.outbox.where('loanId').anyOf(loanIds).toArray(),
        db.shadows.where('loanId').anyOf(loanIds).toArray(),
        paymentsOfLoans(db, loanIds),
      ]);
      const payments = devicePayments(synced, entries);
      const clients = new Map(clientList.flatMap((c): [number, LocalClient][] => (c ? [[c.id, c]] : [])));
      // Sheet loans synced before they carried the client: their loans name it.
      const late = withClients
        ? loans.flatMap((l) => (l && !clients.has(l.client_id) ? [l.client_id] : []))
        : [];
      if (late.length > 0) for (const c of await db.clients.bulkGet(late)) if (c) clients.set(c.id, c);
      const serverCopies = new Map(
        shadows.flatMap((s) => (s.entity === 'amortizations' && s.row ? [[s.id, s.row] as const] : [])),
      );
      const entriesByLoan = groupBy<OutboxEntry>(entries, (e) => e.loanId ?? 0);
      const items: (Omit<SheetLoanItem, 'sheetLoan'> & { sheetLoan: S })[] = [];
      sheetLoans.forEach((sheetLoan, i) => {
        const loan = loans[i];
        if (!loan) return;
        const client = clients.get(loan.client_id);
        const rows = [...(rowLists.get(sheetLoan.loan_id) ?? [])].sort(byNumber);
        const list = entriesByLoan.get(loan.id);
        items.push({
          sheetLoan,
          detail: {
            loan,
            client: client
              ? { nombre: client.nombre, telefono: client.telefono, coordinadora: client.coordinadora }
              : null,
            municipalityName,
            rows,
            sync: list ? rowSyncStates(list) : new Map<number, RowSync>(),
            source: 'device',
          },
          serverRows: rows.map((r) => serverCopies.get(r.id) ?? r),
          payments: payments.get(loan.id) ?? [],
        });
      });
      return items;
    },
  );
}
