// The collector's week, live from the device store, with each tap shown in the same frame: the card is
// recomputed from the rows the payment will leave (the same allocation the outbox write runs) before the
// write commits; the live read then takes over.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { businessToday, type IsoDate } from '../../../shared/dates';
import type { Amortization } from '../../../shared/loans/types';
import { type Cents, cents, toCents } from '../../../shared/money';
import { useLocalStore } from '../../db/local-store-context';
import { previewPayment } from '../../db/record-payment';
import { type CardModel, cardModel, type VisitMark } from './cobranza-model';
import { type CobranzaItem, type CobranzaTown, readCobranza } from './read-cobranza';

type Answer = { towns: CobranzaTown[] | null; error: string | null };

/** Rows and visits a tap has changed that the live read may not show yet. */
interface Overlay {
  rows?: Amortization[];
  visit?: VisitMark;
}

export function useCobranza() {
  const { db } = useLocalStore();
  const today: IsoDate = businessToday();
  const answer = useLiveQuery(
    (): Promise<Answer> =>
      readCobranza(db, today).then(
        (towns) => ({ towns, error: null }),
        (error: unknown) => ({ towns: null, error: error instanceof Error ? error.message : String(error) }),
      ),
    [db, today],
  );
  const [overlay, setOverlay] = useState<{ base: Answer | undefined; byLoan: Map<number, Overlay> }>({
    base: undefined,
    byLoan: new Map(),
  });
  // A new live answer carries what was written: the taps before it are in it.
  const byLoan = overlay.base === answer ? overlay.byLoan : new Map<number, Overlay>();

  const items = useMemo(() => answer?.towns?.flatMap((t) => t.items) ?? [], [answer]);
  const cards = useMemo(
    () =>
      items.map((item): CardModel => {
        const over = byLoan.get(item.input.loanId);
        const input = over
          ? {
              ...item.input,
              rows: over.rows ?? item.input.rows,
              visits: over.visit ? [...item.input.visits, over.visit] : item.input.visits,
              pendingSync: true,
            }
          : item.input;
        return cardModel(input, item.week, today);
      }),
    [items, byLoan, today],
  );

  const itemOf = useCallback((loanId: number) => items.find((i) => i.input.loanId === loanId), [items]);

  /** Shows `amount` taken on the card now; the caller then records it (the same edit). */
  const showPayment = useCallback(
    (item: CobranzaItem, card: CardModel, amount: Cents) => {
      if (card.targetRowId === null) return;
      const edit = { parcial: cents((toCents(card.targetParcial) ?? 0) + amount) };
      const preview = previewPayment(item.detail.loan, item.input.rows, card.targetRowId, edit, today);
      if (!preview.ok) return;
      const changed = new Map(preview.changed.map((r) => [r.id, r]));
      const rows = item.input.rows.map((r) => changed.get(r.id) ?? r);
      setOverlay({ base: answer, byLoan: new Map(byLoan).set(item.input.loanId, { rows }) });
    },
    [answer, byLoan, today],
  );

  const showVisit = useCallback(
    (loanId: number, visit: VisitMark) => {
      setOverlay({ base: answer, byLoan: new Map(byLoan).set(loanId, { ...byLoan.get(loanId), visit }) });
    },
    [answer, byLoan],
  );

  return {
    towns: answer?.towns ?? null,
    error: answer?.error ?? null,
    loading: answer === undefined,
    cards,
    itemOf,
    showPayment,
    showVisit,
    today,
  };
}
