// The order the collector walks: group then name by default (the printed sheet's), or the collector's own,
// kept on the phone. Search and the pending/done filter apply on top.
import { compareRoute } from '../../../shared/sheets/route-order';
import { matchesSearch } from '../weekly-sheets/loans/sheet-route';
import { type CardModel, isDone } from './cobranza-model';

export type CardFilter = 'todos' | 'pendientes' | 'hechos';

const routeKey = (c: CardModel) => ({
  grupo: c.grupo,
  client_nombre: c.clientName,
  loan_reference: c.reference,
});

/** Cards in the collector's order (`custom`: loan ids), the ones it does not list after, in route order. */
export function orderCards(cards: readonly CardModel[], custom: readonly number[] | null): CardModel[] {
  const place = new Map((custom ?? []).map((id, i) => [id, i]));
  const at = (c: CardModel) => place.get(c.loanId) ?? Number.POSITIVE_INFINITY;
  return [...cards].sort((a, b) => at(a) - at(b) || compareRoute(routeKey(a), routeKey(b)));
}

/** The order after moving `loanId` one place up (-1) or down (+1). */
export function moveInOrder(ordered: readonly CardModel[], loanId: number, step: -1 | 1): number[] {
  const ids = ordered.map((c) => c.loanId);
  const from = ids.indexOf(loanId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

export function visibleCards(ordered: readonly CardModel[], search: string, filter: CardFilter): CardModel[] {
  return ordered.filter(
    (c) =>
      matchesSearch(search, [c.clientName, c.reference]) &&
      (filter === 'todos' || (filter === 'hechos') === isDone(c)),
  );
}
