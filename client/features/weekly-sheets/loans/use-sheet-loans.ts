// A sheet's loans on the collector's phone, in two live reads so a 1,000-loan sheet opens at once offline:
// the page on screen (the sheet, the page's sheet loans straight from the route index, their loans, clients,
// rows and sync state) and, once that page is on screen, the whole-sheet figures that need every row.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { businessToday } from '../../../../shared/dates';
import type { LocalDb } from '../../../store/database';
import { useLocalStore } from '../../../store/local-store-context';
import type { LocalWeeklySheet, LocalWeeklySheetLoan } from '../../../store/local-types';
import { readSheetItems, type SheetLoanItem } from './read-sheet-items';
import { routeOrder, searchRoute } from './sheet-route';
import { type SheetSummary, summarizeSheet } from './sheet-totals';

export type { SheetLoanItem } from './read-sheet-items';

export interface SheetPage {
  sheet: LocalWeeklySheet;
  municipalityName: string | null;
  /** Loans on the sheet, and how many of them the search matches (all of them without a search). */
  total: number;
  matched: number;
  /** The first `limit` matching loans in route order, each with what its card and row need. */
  items: SheetLoanItem[];
}

type Answer<T> = { sheetId: number; data: T | null; error: string | null };

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

const allSheetLoans = (db: LocalDb, sheetId: number) =>
  db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheetId).toArray();

/** The first `limit` loans in route order, read from the index alone (a few dozen records, not the sheet). */
const firstOnRoute = (db: LocalDb, sheetId: number, limit: number) =>
  db.weekly_sheet_loans
    .where('[weekly_sheet_id+orden_ruta]')
    .between([sheetId, Dexie.minKey], [sheetId, Dexie.maxKey])
    .limit(limit)
    .toArray();

export async function readSheetPage(
  db: LocalDb,
  sheetId: number,
  search: string,
  limit: number,
): Promise<SheetPage | null> {
  const searching = search.trim() !== '';
  const [sheet, total, page] = await Promise.all([
    db.weekly_sheets.get(sheetId),
    db.weekly_sheet_loans.where('weekly_sheet_id').equals(sheetId).count(),
    searching
      ? allSheetLoans(db, sheetId).then((all) => searchRoute(all, search))
      : firstOnRoute(db, sheetId, limit),
  ]);
  if (!sheet) return null;
  // Rows synced before the route existed are not in its index: order the whole sheet here until they resync.
  const found: LocalWeeklySheetLoan[] =
    !searching && page.length < Math.min(limit, total) ? routeOrder(await allSheetLoans(db, sheetId)) : page;
  const municipality = await db.municipalities.get(sheet.municipality_id);
  const municipalityName = municipality?.name ?? null;
  return {
    sheet,
    municipalityName,
    total,
    matched: searching ? found.length : total,
    items: await readSheetItems(db, found.slice(0, limit), municipalityName),
  };
}

/**
 * The shown page of a sheet, live: a payment shows at once, offline too. While a longer page or another
 * search is read, the page already read stays on screen (never a blank list under the thumb).
 */
export function useSheetPage(sheetId: number, search: string, limit: number) {
  const { db } = useLocalStore();
  const answer = useLiveQuery(
    (): Promise<Answer<SheetPage>> =>
      readSheetPage(db, sheetId, search, limit).then(
        (data) => ({ sheetId, data, error: null }),
        (error: unknown) => ({ sheetId, data: null, error: failure(error) }),
      ),
    [db, sheetId, search, limit],
  );
  const current = answer?.sheetId === sheetId ? answer : undefined;
  return { data: current?.data ?? null, error: current?.error ?? null, loading: current === undefined };
}

/** SheetSummary plus the stat cards that count the whole sheet. */
export interface SheetFigures extends SheetSummary {
  clients: number;
  /** Rows the sheet covers: each loan's row of the week and its arrears. */
  rows: number;
}

export async function readSheetFigures(db: LocalDb, sheetId: number): Promise<SheetFigures | null> {
  const [sheet, sheetLoans] = await Promise.all([db.weekly_sheets.get(sheetId), allSheetLoans(db, sheetId)]);
  if (!sheet) return null;
  const items = await readSheetItems(db, sheetLoans, null, false);
  return {
    ...summarizeSheet(sheet, sheetLoans.length, items, businessToday()),
    clients: new Set(sheetLoans.map((s) => s.client_id)).size,
    rows: sheetLoans.reduce((n, s) => n + s.arrears_amortization_ids.length + (s.amortization_id ? 1 : 0), 0),
  };
}

/**
 * Totals, Monto Total, the counts and the Resumen's figures over every loan and row of the sheet. Read only
 * once the first page is on screen (`start`, then a frame): thousands of rows must not hold up the first card.
 */
export function useSheetFigures(sheetId: number, start: boolean) {
  const { db } = useLocalStore();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!start || started) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStarted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [start, started]);
  const answer = useLiveQuery(async (): Promise<Answer<SheetFigures> | null> => {
    if (!started) return null;
    try {
      return { sheetId, data: await readSheetFigures(db, sheetId), error: null };
    } catch (error) {
      return { sheetId, data: null, error: failure(error) };
    }
  }, [db, sheetId, started]);
  const current = answer && answer.sheetId === sheetId ? answer : null;
  return { figures: current?.data ?? null, error: current?.error ?? null };
}
