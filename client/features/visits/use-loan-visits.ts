// A loan's visits without payment (docs/reglas-del-negocio.md §10): synced ones from the device store and the
// ones still in this phone's outbox; for a loan the device does not keep, the server's list.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { MUTATION } from '../../../shared/sync/types';
import type { MotivoVisita, Visit } from '../../../shared/visits/types';
import { apiGet } from '../../session/api-client';
import { useLocalStore } from '../../store/local-store-context';
import type { VisitOutboxEntry } from '../../store/local-types';

export interface VisitView {
  key: string;
  motivo: MotivoVisita;
  fecha: string;
  fecha_promesa: string | null;
  nota: string | null;
  user_name: string | null;
  /** Still only on this phone. */
  pending: boolean;
}

const newestFirst = (a: VisitView, b: VisitView) =>
  b.fecha.localeCompare(a.fecha) || b.key.localeCompare(a.key);

export function useLoanVisits(loanId: number, source: 'device' | 'server'): VisitView[] {
  const { db } = useLocalStore();
  const device = useLiveQuery(async () => {
    if (source !== 'device') return [];
    const [stored, queued] = await Promise.all([
      db.visits.where('loan_id').equals(loanId).toArray(),
      db.outbox.where('loanId').equals(loanId).toArray(),
    ]);
    const seen = new Set(stored.map((v) => v.receipt_id));
    const views: VisitView[] = stored.map((v) => ({ ...v, key: v.receipt_id, pending: false }));
    for (const e of queued) {
      if (e.name !== MUTATION.visitCreate || e.status === 'rejected' || e.cancelled) continue;
      const { args } = e as VisitOutboxEntry;
      if (!seen.has(args.receiptId))
        views.push({ ...args, key: args.receiptId, user_name: null, pending: e.status === 'pending' });
    }
    return views.sort(newestFirst);
  }, [db, loanId, source]);
  const [server, setServer] = useState<VisitView[]>([]);
  useEffect(() => {
    if (source !== 'server') return;
    let live = true;
    apiGet<{ data: Visit[] }>(`loans/${loanId}/visits`)
      .then((res) => {
        if (live) setServer(res.data.map((v) => ({ ...v, key: v.receipt_id, pending: false })));
      })
      .catch(() => {
        // Visits are a side note of the detail: without them the loan is still shown.
      });
    return () => {
      live = false;
    };
  }, [loanId, source]);
  return source === 'device' ? (device ?? []) : server;
}
