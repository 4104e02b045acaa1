import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** How long 'Deshacer' stays on a card after its tap. */
export const UNDO_MS = 8000;

/** Per card, the outbox entry its last tap queued, undoable for a few seconds. */
export function useUndoWindow() {
  const [open, setOpen] = useState<ReadonlyMap<number, number>>(new Map());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);
  const close = useCallback((loanId: number) => {
    clearTimeout(timers.current.get(loanId));
    timers.current.delete(loanId);
    setOpen((o) => {
      const next = new Map(o);
      next.delete(loanId);
      return next;
    });
  }, []);
  const offer = useCallback(
    (loanId: number, entryId: number) => {
      clearTimeout(timers.current.get(loanId));
      timers.current.set(
        loanId,
        setTimeout(() => close(loanId), UNDO_MS),
      );
      setOpen((o) => new Map(o).set(loanId, entryId));
    },
    [close],
  );
  const take = useCallback(
    (loanId: number): number | null => {
      const entryId = open.get(loanId) ?? null;
      close(loanId);
      return entryId;
    },
    [open, close],
  );
  return useMemo(() => ({ open, offer, take }), [open, offer, take]);
}
