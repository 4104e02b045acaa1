import { useMemo } from 'react';
import { businessToday } from '../../../shared/dates';
import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import { type HistoryCell, historyCells } from './history-cell';
import { readHistoryEntries, readRowsOfLoans } from './history-queries';
import { type HistoryEntry, mergeHistory, pageOf } from './history-rows';
import { useServerHistory } from './use-server-history';

/**
 * The payment rows of the device loans on the current page, by loan. While another page's rows load, the
 * previous map stays: its loans' rows are still right, and loans it lacks show as loading.
 */
function usePageRows(loanIds: readonly number[]) {
  const { db } = useLocalStore();
  const key = loanIds.join(',');
  const result = useLiveResult(`rows:${key}`, () => readRowsOfLoans(db, loanIds), [db, key]);
  return { rowsByLoan: result.latest, error: result.error };
}

/** The device's loans of a municipality (null: all), sorted, live: a pull or a payment updates them. */
function useDeviceHistory(municipalityId: number | null) {
  const { db } = useLocalStore();
  return useLiveResult(`history:${municipalityId ?? 'all'}`, () => readHistoryEntries(db, municipalityId), [
    db,
    municipalityId,
  ]);
}

/** Rows per page: a municipality with thousands of loans still renders at once (50 × 18 cells). */
export const HISTORY_PAGE_SIZE = 50;

export interface HistoryGridRow {
  entry: HistoryEntry;
  /** Null while the page's rows are read from the device. */
  cells: HistoryCell[] | null;
  fromServer: boolean;
}

export interface LoanHistoryParams {
  municipalityId: number | null;
  /** 'Incluir créditos anteriores (servidor)', honoured only online. */
  includeServer: boolean;
  online: boolean;
  page: number;
}

/** The grid's current page: device loans first-class, the server's older loans merged in when asked for. */
export function useLoanHistory({ municipalityId, includeServer, online, page }: LoanHistoryParams) {
  const device = useDeviceHistory(municipalityId);
  const server = useServerHistory(includeServer && online, municipalityId);
  const entries = useMemo(
    () => (device.data ? mergeHistory(device.data, server.loans) : null),
    [device.data, server.loans],
  );
  const current = useMemo(() => pageOf(entries ?? [], page, HISTORY_PAGE_SIZE), [entries, page]);
  const deviceIds = useMemo(
    () => current.items.filter((e) => e.serverRows === null).map((e) => e.loanId),
    [current.items],
  );
  const { rowsByLoan, error: rowsError } = usePageRows(deviceIds);
  const rows = useMemo(
    () =>
      current.items.map((entry): HistoryGridRow => {
        const source = entry.serverRows ?? rowsByLoan?.get(entry.loanId);
        return {
          entry,
          cells: source ? historyCells(source, businessToday()) : null,
          fromServer: entry.serverRows !== null,
        };
      }),
    [current.items, rowsByLoan],
  );
  return {
    rows,
    pagination: {
      page: current.page,
      pages: current.pages,
      from: current.from,
      to: current.to,
      total: current.total,
    },
    /** Nothing to show yet for these filters. */
    loading: entries === null && device.error === null,
    /** Some rows of the page are still being read from the device (a moment, on a page change). */
    cellsPending: rows.some((r) => r.cells === null) && rowsError === null,
    error: device.error ?? rowsError,
    server,
  };
}
