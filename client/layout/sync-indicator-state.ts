import { progressText } from '../sync/progress-text';
import type { SyncStatus } from '../sync/use-sync-status';

export type IndicatorTone = 'offline' | 'running' | 'error' | 'rejected' | 'pending' | 'synced' | 'never';

export interface IndicatorState {
  tone: IndicatorTone;
  /** Short text for the header (phones show only the count or the dot). */
  label: string;
  /** The longer explanation (tooltip and accessible name). */
  detail: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the header says about sync, most urgent first: no network, a run going, errors, waiting entries. */
export function indicatorState(
  s: SyncStatus,
  formatTime: (iso: string) => string,
  now: number = Date.now(),
): IndicatorState {
  const last = s.lastSyncAt
    ? `Última sincronización: ${formatTime(s.lastSyncAt)}`
    : 'Aún no se ha sincronizado';
  const waiting = s.pending > 0 ? `; ${plural(s.pending, 'cambio pendiente', 'cambios pendientes')}` : '';
  if (!s.online)
    return {
      tone: 'offline',
      label: s.pending > 0 ? `Sin conexión · ${s.pending}` : 'Sin conexión',
      detail: `Sin conexión${waiting}. ${last}`,
    };
  const download = s.running ? progressText(s.progress, now) : null;
  if (download)
    return { tone: 'running', label: download.label, detail: `${download.detail}${waiting}. ${last}` };
  if (s.running)
    return { tone: 'running', label: 'Sincronizando…', detail: `Sincronizando${waiting}. ${last}` };
  if (s.rejected > 0)
    return {
      tone: 'rejected',
      label: plural(s.rejected, 'rechazado', 'rechazados'),
      detail: `${plural(s.rejected, 'cambio rechazado', 'cambios rechazados')} por el servidor: revíselos${waiting}. ${last}`,
    };
  if (s.lastError)
    return { tone: 'error', label: 'Error al sincronizar', detail: `${s.lastError}${waiting}. ${last}` };
  if (s.pending > 0)
    return {
      tone: 'pending',
      label: plural(s.pending, 'pendiente', 'pendientes'),
      detail: `${plural(s.pending, 'cambio pendiente', 'cambios pendientes')} de sincronizar. ${last}`,
    };
  if (!s.lastSyncAt) return { tone: 'never', label: 'Sin sincronizar', detail: last };
  return { tone: 'synced', label: 'Sincronizado', detail: last };
}
