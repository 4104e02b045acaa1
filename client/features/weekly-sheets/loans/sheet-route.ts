// The order a collector walks a sheet and the search over it, from the route fields the server copies onto
// each sheet loan: a 1,000-loan sheet sorts and filters without reading a single loan or client.
import { compareRoute } from '../../../../shared/sheets/route-order';
import type { LocalWeeklySheetLoan } from '../../../store/local-types';

/** The server's route position; the route fields break ties (and order rows synced before it existed). */
export const routeOrder = (sheetLoans: readonly LocalWeeklySheetLoan[]): LocalWeeklySheetLoan[] =>
  [...sheetLoans].sort((a, b) => (a.orden_ruta ?? 0) - (b.orden_ruta ?? 0) || compareRoute(a, b));

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Search by client name or loan reference, accent- and case-insensitive. */
export function matchesSearch(text: string, fields: readonly (string | null | undefined)[]): boolean {
  const needle = fold(text.trim());
  return needle === '' || fields.some((f) => f && fold(f).includes(needle));
}

export const searchRoute = (route: readonly LocalWeeklySheetLoan[], text: string): LocalWeeklySheetLoan[] =>
  routeOrder(route.filter((s) => matchesSearch(text, [s.client_nombre, s.loan_reference])));
