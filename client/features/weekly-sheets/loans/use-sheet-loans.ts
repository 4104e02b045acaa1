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
  /** False while only the loans are read: the rows (payments, totals, Resumen) are still on their way. */
  rowsReady: boolean;
}

const byNumber = (a: Amortization, b: Amortization) => a.numero_pago - b.numero_pago;
const byRoute = (a: SheetLoanItem, b: SheetLoanItem) =>
  a.detail.loan.grupo - b.detail.loan.grupo ||
  (a.detail.client?.nombre ?? '').localeCompare(b.detail.client?.nombre ?? '', 'es', { sensitivity: 'base' });

/**
 * One sheet with its loans, clients and, `withRows`, their rows and sync state, in a handful of indexed reads.
 * The rows are most of the records (14 a loan): without them the first cards paint in a fraction of the time.
 */
async function readSheet(db: LocalDb, sheetId: number, withRows: boolean): Promise<SheetLoansData | null> {
  const sheet = await db.weekly_sheets.get(sheetId);
  if (!sheet) return null;
  const sheetLoans = await db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheetId).toArray();
  const loanIds = sheetLoans.map((s) => s.loan_id);
  const [municipality, loans, rows, entries, shadows] = await Promise.all([
    db.municipalities.get(sheet.municipality_id),
    db.loans.bulkGet(loanIds),
    withRows ? db.amortizations.where('loan_id').anyOf(loanIds).toArray() : [],
    withRows ? db.outbox.where('loanId').anyOf(loanIds).toArray() : [],
    withRows ? db.shadows.where('loanId').anyOf(loanIds).toArray() : [],
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
  const entriesByLoan = new Map<number, typeof entries>();
  for (const e of entries) entriesByLoan.set(e.loanId, [...(entriesByLoan.get(e.loanId) ?? []), e]);
  const syncByLoan = new Map<number, Map<number, RowSync>>();
  for (const [id, list] of entriesByLoan) syncByLoan.set(id, rowSyncStates(list));

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
    rowsReady: withRows,
  };
}

type Answer = { id: number; data: SheetLoansData | null; error: string | null };

function useSheetRead(sheetId: number, withRows: boolean) {
  const { db } = useLocalStore();
  const answer = useLiveQuery(
    (): Promise<Answer> =>
      readSheet(db, sheetId, withRows).then(
        (data) => ({ id: sheetId, data, error: null }),
        (error: unknown) => ({
          id: sheetId,
          data: null,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    [db, sheetId, withRows],
  );
  return answer?.id === sheetId ? answer : undefined;
}

/**
 * The sheet's loans, live from the device: a payment shows at once, offline too. Two reads: the loans alone
 * paint the first cards; the full read with every row follows and replaces it.
 */
export function useSheetLoans(sheetId: number) {
  const light = useSheetRead(sheetId, false);
  const full = useSheetRead(sheetId, true);
  const current = full ?? light;
  return { data: current?.data ?? null, error: current?.error ?? null, loading: current === undefined };
}
