import { useLiveQuery } from 'dexie-react-hooks';
import type { DependencyList } from 'react';
import { errorMessage } from '../session/api-error';

export interface LiveResult<T> {
  /** The latest result read for `key`; undefined until the first one arrives. */
  data: T | undefined;
  /** The previous key's result while the new one loads (to keep a screen from blanking), else `data`. */
  latest: T | undefined;
  error: string | null;
  loading: boolean;
}

type Outcome<T> = { key: string; ok: true; value: T } | { key: string; ok: false; error: string };

/**
 * A live read of the device store (Dexie's liveQuery: it re-runs when the tables it read change) as data,
 * loading and a Spanish error, instead of an error thrown at render. `key` names the parameters, so a result
 * read for other parameters is never taken for this one's.
 */
export function useLiveResult<T>(key: string, read: () => Promise<T>, deps: DependencyList): LiveResult<T> {
  const outcome = useLiveQuery(async (): Promise<Outcome<T>> => {
    try {
      return { key, ok: true, value: await read() };
    } catch (error) {
      return { key, ok: false, error: errorMessage(error) };
    }
  }, [key, ...deps]);
  const current = outcome?.key === key ? outcome : undefined;
  const data = current?.ok ? current.value : undefined;
  return {
    data,
    latest: current ? data : outcome?.ok ? outcome.value : undefined,
    error: current && !current.ok ? current.error : null,
    loading: current === undefined,
  };
}
