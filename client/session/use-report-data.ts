import { useEffect, useMemo } from 'react';
import { apiUrl, type Query } from './http';
import { type LastResult, readLastResult, saveLastResult } from './last-result';
import { useApiData } from './use-api-data';
import { useSession } from './use-session';

/**
 * useApiData for a report: every answer is also kept on the device, and when the server cannot be reached
 * the last answer for the same request is shown instead, with `stale` saying when it was read.
 */
export function useReportData<T>(path: string | null, query?: Query) {
  const { user } = useSession();
  const live = useApiData<T>(path, query);
  const url = path === null ? null : apiUrl(path, query);
  const userId = user?.id ?? 0;

  useEffect(() => {
    if (url && live.data) saveLastResult(userId, url, live.data);
  }, [url, userId, live.data]);

  const stale = useMemo<LastResult<T> | null>(
    () => (url && live.error && !live.data ? readLastResult<T>(userId, url) : null),
    [url, userId, live.error, live.data],
  );

  return {
    data: live.data ?? stale?.data ?? null,
    error: live.error,
    loading: live.loading,
    reload: live.reload,
    /** Set when `data` is the device's copy because the request failed. */
    stale: stale ? { savedAt: stale.savedAt } : null,
  };
}
