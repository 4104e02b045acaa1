import { isUnavailableError, pgErrorCode } from './pg-errors';

export interface RetryOptions {
  /** First wait; each later one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each wait, so the operator sees why the server is not ready yet. */
  onWait?: (reason: string, delayMs: number) => void;
}

/**
 * Runs `task` until it succeeds, waiting longer after each attempt (0.25 s, 0.5 s… at most 10 s) while the
 * database cannot be reached. Any other failure (a wrong password, a missing database, a broken migration) is
 * thrown at once: waiting would not fix it. `task` must be safe to run again (each attempt is a transaction).
 */
export async function retryWhileUnavailable<T>(task: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const maxDelayMs = opts.maxDelayMs ?? 10_000;
  let delayMs = opts.firstDelayMs ?? 250;
  for (;;) {
    try {
      return await task();
    } catch (err) {
      if (!isUnavailableError(err)) throw err;
      opts.onWait?.(String(pgErrorCode(err)), delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}
