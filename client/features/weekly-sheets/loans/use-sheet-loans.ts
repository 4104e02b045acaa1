import { useLiveQuery } from 'dexie-react-hooks';
import type { Amortization } from '../../../../shared/loans/types';
import type { LocalDb } from '../../../db/database';
import { useLocalStore } from '../../../db/local-store-context';
import type { LocalClient, LocalWeeklySheet, LocalWeeklySheetLoan } from '../../../db/local-types';
import { type RowSync, rowSyncStates } from '../../loans/loan-figures';
import type { LoanDetail } from '../../loans/use-loan-detail';

export interface SheetLoanItem {
  sheetLoan: LocalWeeklySheetLoan;
  /** What the loan's detail and payment path need (the same shape the loan detail uses). */
  detail: LoanDetail;
  /** The rows as the server last sent them: the device's with the kept server copies put back. */
  serverRows: Amortization[];
}

export interface SheetLoansData {
  sheet: LocalWeeklySheet;
  municipalityName: string;
  items: SheetLoanItem[];
  /** Sheet loans whose loan the device no longer keeps (closed long ago). */
  missing: number;
}

const byNumber = (a: Amortization, b: Amortization) => a.numero_pago - b.numero_pago;
const byRoute = (a: SheetLoanItem, b: SheetLoanItem) =>
  a.detail.loan.grupo - b.detail.loan.grupo ||
  (a.detail.client?.nombre ?? '').localeCompare(b.detail.client?.nombre ?? '', 'es', { sensitivity: 'base' });

/** One sheet with its loans, clients, rows and their sync state, in a handful of indexed reads. */
async function readSheet(db: LocalDb, sheetId: number): Promise<SheetLoansData | null> {
  const sheet = await db.weekly_sheets.get(sheetId);
  if (!sheet) return null;
  const sheetLoans = await db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheetId).toArray();
  const loanIds = sheetLoans.map((s) => s.loan_id);
  const [municipality, loans, rows, entries, shadows] = await Promise.all([
    db.municipalities.get(sheet.municipality_id),
    db.loans.bulkGet(loanIds),
    db.amortizations.where('loan_id').anyOf(loanIds).toArray(),
    db.outbox.where('loanId').anyOf(loanIds).toArray(),
    db.shadows.where('loanId').anyOf(loanIds).toArray(),
  ]);
  const clientIds = [...new Set(loans.flatMap((l) => (l ? [l.client_id] : [])))];
  const clients = new Map(
    (await db.clients.bulkGet(clientIds)).flatMap((c): [number, LocalClient][] => (c ? [[c.id, c]] : [])),
  );
  const rowsByLoan = new Map<number, Amortization[]>();
  for (const r of rows) rowsByLoan.set(r.loan_id, [...(rowsByLoan.get(r.loan_id) ?? []), r]);
  const serverCopies = new Map(
    shadows.flatMap((s) => (s.entity === 'amortizations' && s.row ? [[s.id, s.row] as const] : [])),
  );
  const syncByLoan = new Map<number, Map<number, RowSync>>();
  for (const id of loanIds) syncByLoan.set(id, rowSyncStates(entries.filter((e) => e.loanId === id)));

  const items: SheetLoanItem[] = [];
  sheetLoans.forEach((sheetLoan, i) => {
    const loan = loans[i];
    if (!loan) return;
    const client = clients.get(loan.client_id);
    const loanRows = (rowsByLoan.get(loan.id) ?? []).sort(byNumber);
    items.push({
      sheetLoan,
      detail: {
        loan,
        client: client
          ? { nombre: client.nombre, telefono: client.telefono, coordinadora: client.coordinadora }
          : null,
        municipalityName: municipality?.name ?? null,
        rows: loanRows,
        sync: syncByLoan.get(loan.id) ?? new Map(),
        source: 'device',
      },
      serverRows: loanRows.map((r) => serverCopies.get(r.id) ?? r),
    });
  });
  return {
    sheet,
    municipalityName: municipality?.name ?? '—',
    items: items.sort(byRoute),
    missing: sheetLoans.length - items.length,
  };
}

type Answer = { id: number; data: SheetLoansData | null; error: string | null };

/** The sheet's loans, live from the device: a payment shows at once, offline too. */
export function useSheetLoans(sheetId: number) {
  const { db } = useLocalStore();
  const answer = useLiveQuery(
    (): Promise<Answer> =>
      readSheet(db, sheetId).then(
        (data) => ({ id: sheetId, data, error: null }),
        (error: unknown) => ({
          id: sheetId,
          data: null,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    [db, sheetId],
  );
  const current = answer?.id === sheetId ? answer : undefined;
  return { data: current?.data ?? null, error: current?.error ?? null, loading: current === undefined };
}
