import { type RefObject, useEffect, useState } from 'react';

/**
 * A box that scrolls sideways but holds nothing focusable cannot be scrolled from the keyboard (WCAG 2.1.1,
 * axe's scrollable-region-focusable). While it overflows it takes a tab stop, so the arrow keys move it; a
 * box that fits adds none.
 */
export function useScrollFocus(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
