/**
 * Runs `task` once the browser has nothing more urgent to do (or after `timeout` ms at the latest), so work
 * the current screen does not need never competes with its first paint and input. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}
