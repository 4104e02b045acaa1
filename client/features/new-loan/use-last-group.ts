import { useEffect, useState } from 'react';
import { apiGet, isOfflineError } from '../../session/api-client';
import { useOnline } from '../../ui/use-online';

interface LastGroupResponse {
  data: { municipality_id: number; last_group: number };
}

export interface LastGroup {
  /** The municipality's last group number; 1 when it has none or the server cannot be asked. null: asking. */
  value: number | null;
  /** Why the number is the fallback 1 rather than the server's: no connection, or the call failed. */
  fallback: 'offline' | 'error' | null;
}

type Answer = LastGroup & { municipalityId: number; value: number };

/**
 * GET /api/last-group for the form's group default (docs/reglas-del-negocio.md: the municipality's last group, 1 when none).
 * A number the server gave is kept when the signal drops; the fallback is asked again when it returns.
 */
export function useLastGroup(municipalityId: number | null): LastGroup {
  const online = useOnline();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (municipalityId === null) return;
    const fallback = (reason: 'offline' | 'error') =>
      setAnswer((current) =>
        current?.municipalityId === municipalityId && current.fallback === null
          ? current
          : { municipalityId, value: 1, fallback: reason },
      );
    if (!online) {
      fallback('offline');
      return;
    }
    const controller = new AbortController();
    apiGet<LastGroupResponse>('last-group', { municipalityId }, { signal: controller.signal }).then(
      (res) => setAnswer({ municipalityId, value: res.data.last_group, fallback: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) fallback(isOfflineError(error) ? 'offline' : 'error');
      },
    );
    return () => controller.abort();
  }, [municipalityId, online]);

  if (municipalityId === null || answer?.municipalityId !== municipalityId)
    return { value: null, fallback: null };
  return { value: answer.value, fallback: answer.fallback };
}
