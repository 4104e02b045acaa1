// The order the collector walks: group then name by default (the printed sheet's), or the collector's own,
// kept on the phone. Search and the pending/done filter apply on top.
import { compareRoute } from '../../../shared/sheets/route-order';
import { matchesSearch } from '../weekly-sheets/loans/sheet-route';
import { type CardModel, isDone } from './cobranza-model';

export type CardFilter = 'todos' | 'pendientes' | 'hechos';

/** How the cards are ordered: the sheet's route, the latest first, or the collector's own order. */
export type RouteView = 'ruta' | 'atrasados' | 'mio';
export const ROUTE_VIEWS: readonly RouteView[] = ['ruta', 'atrasados', 'mio'];

/** What places a loan on the route: a card, or a route entry read before its loan. */
export type RoutePlace = Pick<CardModel, 'loanId' | 'grupo' | 'clientName' | 'reference'>;

const routeKey = (c: RoutePlace) => ({
  grupo: c.grupo,
  client_nombre: c.clientName,
  loan_reference: c.reference,
});

/** Cards in the collector's order (`custom`: loan ids), the ones it does not list after, in route order. */
export function orderCards<T extends RoutePlace>(cards: readonly T[], custom: readonly number[] | null): T[] {
  const place = new Map((custom ?? []).map((id, i) => [id, i]));
  const at = (c: RoutePlace) => place.get(c.loanId) ?? Number.POSITIVE_INFINITY;
  return [...cards].sort((a, b) => at(a) - at(b) || compareRoute(routeKey(a), routeKey(b)));
}

/** The order after moving `loanId` one place up (-1) or down (+1). */
export function moveInOrder(
  ordered: readonly Pick<RoutePlace, 'loanId'>[],
  loanId: number,
  step: -1 | 1,
): number[] {
  const ids = ordered.map((c) => c.loanId);
  const from = ids.indexOf(loanId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

export function visibleCards(ordered: readonly CardModel[], search: string, filter: CardFilter): CardModel[] {
  return searchRoute(ordered, search).filter(
    (c) => filter === 'todos' || (filter === 'hechos') === isDone(c),
  );
}

/** The places whose client name or loan reference matches `search` (all of them for an empty one). */
export const searchRoute = <T extends RoutePlace>(ordered: readonly T[], search: string): T[] =>
  search.trim() === ''
    ? [...ordered]
    : ordered.filter((c) => matchesSearch(search, [c.clientName, c.reference]));

/**
 * 'Atrasados primero': the most days late first, then the most money late; cards equally late keep the order they
 * came in (the route's).
 */
export function lateFirst<T extends Pick<CardModel, 'diasAtraso' | 'atraso'>>(cards: readonly T[]): T[] {
  return cards
    .map((card, i) => ({ card, i }))
    .sort(
      (a, b) =>
        b.card.diasAtraso - a.card.diasAtraso || b.card.atraso.monto - a.card.atraso.monto || a.i - b.i,
    )
    .map((x) => x.card);
}
