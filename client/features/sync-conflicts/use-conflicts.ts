import type { SyncConflict } from '../../../shared/sync/types';
import { useApiData } from '../../session/use-api-data';
import type { ReviewFilter } from './conflict-filter';

/** The account's conflicts for the filter, online only (`enabled` false: offline, no call). */
export function useConflicts(reviewed: ReviewFilter, enabled: boolean) {
  const result = useApiData<{ data: SyncConflict[] }>(enabled ? 'sync/conflicts' : null, { reviewed });
  return { ...result, conflicts: result.data?.data ?? null };
}
