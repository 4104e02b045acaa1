// A loan's visits without payment (docs/reglas-del-negocio.md §10): synced ones from the device store and the
// ones still in this phone's outbox; for a loan the device does not keep, the server's list. For readers of
// locations, online, where each was saved comes from the server (the device never holds it, decision 029).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { readsLocations } from '../../../shared/location/access';
import type { PlaceView } from '../../../shared/location/types';
import { MUTATION } from '../../../shared/sync/types';
import type { MotivoVisita, Visit } from '../../../shared/visits/types';
import { apiGet } from '../../session/api-client';
import { useSession } from '../../session/use-session';
import { useLocalStore } from '../../store/local-store-context';
import type { VisitOutboxEntry } from '../../store/local-types';
import { useOnline } from '../../ui/use-online';

export interface VisitView {
  key: string;
  motivo: MotivoVisita;
  fecha: string;
  fecha_promesa: string | null;
  nota: string | null;
  user_name: string | null;
  /** Still only on this phone. */
  pending: boolean;
  /** Where it was saved: only for readers of locations, once the server has it (decision 029). */
  ubicacion?: PlaceView | null;
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
        views.push({
          motivo: args.motivo,
          fecha: args.fecha,
          fecha_promesa: args.fecha_promesa,
          nota: args.nota,
          key: args.receiptId,
          user_name: null,
          pending: e.status === 'pending',
        });
    }
    return views.sort(newestFirst);
  }, [db, loanId, source]);
  const { user } = useSession();
  const online = useOnline();
  const located = readsLocations(user?.permissions ?? []);
  // The device's list, located: the server's visits read for their places only.
  const fetchServer = source === 'server' || (located && online);
  const [server, setServer] = useState<VisitView[]>([]);
  useEffect(() => {
    if (!fetchServer) return;
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
  }, [loanId, fetchServer]);
  if (source === 'server') return server;
  const places = new Map(server.map((v) => [v.key, v.ubicacion]));
  return (device ?? []).map((v) => (places.has(v.key) ? { ...v, ubicacion: places.get(v.key) } : v));
}
