// The last answer of an online-only report, kept on the device so that without a signal the screen still
// shows what it last read, with its time (docs/sincronizacion.md §7). Kept per user and per request URL; a
// logout removes it, so the next person on a shared laptop never sees it.
const PREFIX = 'prestamos.ultimoResultado:';
/** A report answer can be large (a year of weeks): one entry over this size is simply not kept. */
const MAX_CHARS = 1_000_000;

export interface LastResult<T> {
  data: T;
  /** ISO instant when the device received it. */
  savedAt: string;
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const keyOf = (userId: number, url: string) => `${PREFIX}${userId}:${url}`;

export function readLastResult<T>(userId: number, url: string): LastResult<T> | null {
  const raw = storage()?.getItem(keyOf(userId, url));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LastResult<T>;
    return typeof parsed.savedAt === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveLastResult<T>(userId: number, url: string, data: T, now = new Date()): void {
  const text = JSON.stringify({ data, savedAt: now.toISOString() } satisfies LastResult<T>);
  if (text.length > MAX_CHARS) return;
  try {
    storage()?.setItem(keyOf(userId, url), text);
  } catch {
    // A full storage only costs the offline copy; the screen already has the data.
  }
}

export function clearLastResults(): void {
  const s = storage();
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
}
