import { useLocalStore } from '../../store/local-store-context';
import { useLiveResult } from '../../ui/use-live-result';
import type { LoanCatalog } from './resolve-form';

const EMPTY: LoanCatalog = { clients: [], municipalities: [], methods: [] };

/**
 * Clients, municipalities and payment methods from the device store (docs/arquitectura.md): the form renders and suggests
 * at once, offline too, and follows the sync (a client added elsewhere appears without a reload).
 */
export function useLoanCatalog(): { catalog: LoanCatalog; loading: boolean; error: string | null } {
  const { db } = useLocalStore();
  const result = useLiveResult('new-loan-catalog', async (): Promise<LoanCatalog> => {
    const [clients, municipalities, methods] = await Promise.all([
      db.clients.toArray(),
      db.municipalities.toArray(),
      db.payment_methods.toArray(),
    ]);
    return { clients, municipalities, methods: methods.sort((a, b) => a.id - b.id) };
  }, [db]);
  return { catalog: result.data ?? EMPTY, loading: result.loading, error: result.error };
}
