import { useCallback, useState } from 'react';

const keyOf = (userId: number) => `cobranza-orden-u${userId}`;

/** The collector's own order kept on this phone, or null. */
export function readRouteOrder(userId: number): number[] | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((n) => Number.isSafeInteger(n))
      ? (parsed as number[])
      : null;
  } catch {
    return null;
  }
}

/** The collector's own route order (loan ids), kept on this phone for this user; null: the sheet's order. */
export function useRouteOrder(userId: number) {
  const [order, setOrder] = useState<number[] | null>(() => readRouteOrder(userId));
  const save = useCallback(
    (next: number[] | null) => {
      setOrder(next);
      try {
        if (next) localStorage.setItem(keyOf(userId), JSON.stringify(next));
        else localStorage.removeItem(keyOf(userId));
      } catch {
        // A full or blocked storage only loses the custom order, never a payment.
      }
    },
    [userId],
  );
  return { order, save };
}
