// How a limiter key counts failed logins (decision 016). Pure: the database keeps each key's state and applies
// these under the key's row lock.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * `free` failures pass at once; each one after them waits from the newest failure, twice as long as the one
 * before (`firstWaitMs`, then ×2…), never longer than `maxWaitMs`. Failures are forgotten `forgetMs` after
 * the newest, or at a success.
 */
export interface BackOff {
  kind: 'backoff';
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

/** At most `max` failures inside `windowMs` from the first; then nothing until that window ends. */
export interface Ceiling {
  kind: 'ceiling';
  max: number;
  windowMs: number;
}

export type Rule = BackOff | Ceiling;

export interface KeyState {
  failures: number;
  /** Epoch milliseconds of the first and of the newest failure counted. */
  since: number;
  last: number;
}

export interface LoginRules {
  /** One account from one address: slows guessing a password from one place. */
  ipAccount: BackOff;
  /** One account from every address (but its known devices): slows guessing it from many places. */
  account: BackOff;
  /** One account from one of its known devices: only that device's own failures count. */
  device: BackOff;
  /** Any account from one address: clear abuse only, far above what a shared village connection sees. */
  ip: Ceiling;
}

// Past its free failures a key waits 1, 2, 4 … 512 s, then 15 min per attempt: ten more guesses in the next
// 17 minutes, then four an hour. Failures are remembered for a day, so waiting out a quarter hour
// does not hand out the free ones again.
const backOff = (free: number): BackOff => ({
  kind: 'backoff',
  free,
  firstWaitMs: SECOND,
  maxWaitMs: 15 * MINUTE,
  forgetMs: 24 * HOUR,
});

export const LOGIN_RULES: LoginRules = {
  ipAccount: backOff(5),
  // Above ipAccount's: the same account from a second address is not held back by the first one's failures.
  account: backOff(10),
  device: backOff(5),
  ip: { kind: 'ceiling', max: 300, windowMs: 15 * MINUTE },
};

/** The key's state at `now` without what the rule no longer counts; null when nothing counts. */
export function live(rule: Rule, state: KeyState | null, now: number): KeyState | null {
  if (!state || state.failures <= 0) return null;
  const expired =
    rule.kind === 'backoff' ? now - state.last >= rule.forgetMs : now - state.since >= rule.windowMs;
  return expired ? null : state;
}

/** Milliseconds until the key allows another attempt; 0 when it allows one now. */
export function waitMs(rule: Rule, state: KeyState | null, now: number): number {
  if (!state) return 0;
  if (rule.kind === 'ceiling')
    return state.failures < rule.max ? 0 : Math.max(0, state.since + rule.windowMs - now);
  if (state.failures < rule.free) return 0;
  const wait = Math.min(rule.firstWaitMs * 2 ** (state.failures - rule.free), rule.maxWaitMs);
  return Math.max(0, state.last + wait - now);
}

/** The state once an attempt at `now` is taken (it counts as a failure until a success gives it back). */
export function taken(state: KeyState | null, now: number): KeyState {
  return { failures: (state?.failures ?? 0) + 1, since: state?.since ?? now, last: now };
}

/** When the key's row stops counting anything and may be swept. */
export function forgetAt(rule: Rule, state: KeyState): number {
  return rule.kind === 'backoff' ? state.last + rule.forgetMs : state.since + rule.windowMs;
}
