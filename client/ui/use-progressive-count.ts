import { useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to render: `first` on mount, all of them from the next frame. A phone
 * shows the first items at once instead of waiting for the whole page's components to render.
 */
export function useProgressiveCount(total: number, first = 8): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    const frame = requestAnimationFrame(() => setAll(true));
    return () => cancelAnimationFrame(frame);
  }, [all]);
  return all ? total : Math.min(total, first);
}
