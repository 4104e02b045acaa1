// A payment, visit or count is written in one IndexedDB transaction that may wait behind a long read (the
// 20,000-loan list, a pull page): measured in the sync bench, a reload 1–2 s after 'Guardar' aborted four
// such writes before they committed, with the row already shown as paid. While a write is on its way, leaving
// the page asks first (the browser's own 'leave site?' prompt).

let inFlight = 0;
const settled: (() => void)[] = [];

function holdPage(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium shows the prompt only with a returnValue.
  event.returnValue = '';
}

/** Runs `write`; until it settles, closing or reloading the page asks first. */
export async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  const target = typeof window === 'undefined' ? null : window;
  if (inFlight++ === 0) target?.addEventListener('beforeunload', holdPage);
  try {
    return await write();
  } finally {
    if (--inFlight === 0) {
      target?.removeEventListener('beforeunload', holdPage);
      for (const resolve of settled.splice(0)) resolve();
    }
  }
}

/** Resolves once no write is on its way (at once if none is): what a reload the app starts waits for. */
export function whenWritesSettled(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => settled.push(resolve));
}
