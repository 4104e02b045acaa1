// The history's rows before cells: the device's loans, plus the server's older ones when asked for, in
// docs/producto.md §7's order (grupo, then client name). Pure, so the order and the merge are tested without a browser.
import type { IsoDate } from '../../../shared/dates';
import type { Amortization, Loan } from '../../../shared/loans/types';

export interface HistoryEntry {
  loanId: number;
  loanReference: string;
  nombre: string;
  fechaInicio: IsoDate;
  grupo: number;
  abono: number;
  /** Rows that came with a server loan; device loans read theirs per page. */
  serverRows: readonly Amortization[] | null;
}

// Accent- and case-insensitive, as the server's search_text order: 'Ángel' sorts with 'angel'.
const names = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

export function compareEntries(a: HistoryEntry, b: HistoryEntry): number {
  return (
    a.grupo - b.grupo ||
    names.compare(a.nombre, b.nombre) ||
    a.fechaInicio.localeCompare(b.fechaInicio) ||
    a.loanId - b.loanId
  );
}

export function entryOfServerLoan(loan: Loan): HistoryEntry {
  return {
    loanId: loan.id,
    loanReference: loan.loan_reference,
    nombre: loan.client_nombre,
    fechaInicio: loan.fecha_inicio,
    grupo: loan.grupo,
    abono: loan.abono,
    serverRows: loan.amortizacion ?? [],
  };
}

/**
 * The device's entries and the server's loans it does not hold, sorted. A loan on both keeps the device's
 * copy: it may carry payments recorded here that the server has not received yet.
 */
export function mergeHistory(
  device: readonly HistoryEntry[],
  server: readonly Loan[] | null,
): HistoryEntry[] {
  const onDevice = new Set(device.map((e) => e.loanId));
  const older = (server ?? []).filter((loan) => !onDevice.has(loan.id)).map(entryOfServerLoan);
  return [...device, ...older].sort(compareEntries);
}

export interface HistoryPage<T> {
  items: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** Positions shown, 1-based ('Mostrando 51 a 100 de 230 resultados'); 0 and 0 when empty. */
  from: number;
  to: number;
  total: number;
}

export function pageOf<T>(items: readonly T[], page: number, size: number): HistoryPage<T> {
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const start = (current - 1) * size;
  const slice = items.slice(start, start + size);
  return {
    items: slice,
    page: current,
    pages,
    from: slice.length ? start + 1 : 0,
    to: start + slice.length,
    total,
  };
}

/** docs/producto.md §2's pagination text. */
export const showingText = (p: { from: number; to: number; total: number }) =>
  `Mostrando ${p.from} a ${p.to} de ${p.total} resultados`;
