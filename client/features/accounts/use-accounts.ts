import type { Account } from '../../../shared/accounts/types';
import { useApiData } from '../../session/use-api-data';

/** GET /api/accounts (CUENTAS_GESTIONAR only): pass `enabled` false for anyone else, so no call is made. */
export function useAccounts(enabled = true) {
  const result = useApiData<{ data: Account[] }>(enabled ? 'accounts' : null);
  return { ...result, accounts: result.data?.data ?? null };
}
