import { progressText } from '../sync/progress-text';
import { unreachableText } from '../sync/unreachable-text';
import type { SyncStatus } from '../sync/use-sync-status';

export type IndicatorTone =
  | 'offline'
  | 'unreachable'
  | 'running'
  | 'error'
  | 'rejected'
  | 'pending'
  | 'synced'
  | 'never';

export interface IndicatorState {
  tone: IndicatorTone;
  /** Short text for the header. */
  label: string;
  /**
   * The part of `label` a phone shows beside the state's icon: how many wait ('3'), how far a download is
   * ('45 %'), since when the server is not reached ('10:42'), or '' for the icon alone. The rest of the
   * label would push the user's name out of the header.
   */
  count: string;
  /** The longer explanation (tooltip and accessible name). */
  detail: string;
}

/** `label` cut around `count`: phones hide `before` and `after`. */
export function labelParts(state: IndicatorState): { before: string; count: string; after: string } {
  const at = state.count ? state.label.indexOf(state.count) : -1;
  if (at < 0) return { before: state.label, count: '', after: '' };
  return {
    before: state.label.slice(0, at),
    count: state.count,
    after: state.label.slice(at + state.count.length),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the header says about sync, most urgent first: no network, a download going, a server not reached
 * (also while a run tries again: the state would flicker at each retry), a run going, errors, waiting entries.
 */
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
      count: s.pending > 0 ? String(s.pending) : '',
      detail: `Sin conexión${waiting}. ${last}`,
    };
  const download = s.running ? progressText(s.progress, now) : null;
  if (download)
    return {
      tone: 'running',
      label: download.label,
      count: `${download.percent} %`,
      detail: `${download.detail}${waiting}. ${last}`,
    };
  if (s.unreachableSince) {
    const away = unreachableText(s.unreachableSince, now);
    return {
      tone: 'unreachable',
      label: away.label,
      count: away.since,
      detail: `${away.detail}${s.running ? ', intentando de nuevo' : ''}${waiting}. ${last}`,
    };
  }
  if (s.running)
    return {
      tone: 'running',
      label: 'Sincronizando…',
      count: '',
      detail: `Sincronizando${waiting}. ${last}`,
    };
  if (s.rejected > 0)
    return {
      tone: 'rejected',
      label: plural(s.rejected, 'rechazado', 'rechazados'),
      count: String(s.rejected),
      detail: `${plural(s.rejected, 'cambio rechazado', 'cambios rechazados')} por el servidor: revíselos${waiting}. ${last}`,
    };
  if (s.lastError)
    return {
      tone: 'error',
      label: 'Error al sincronizar',
      count: '',
      detail: `${s.lastError}${waiting}. ${last}`,
    };
  if (s.pending > 0)
    return {
      tone: 'pending',
      label: plural(s.pending, 'pendiente', 'pendientes'),
      count: String(s.pending),
      detail: `${plural(s.pending, 'cambio pendiente', 'cambios pendientes')} de sincronizar. ${last}`,
    };
  if (!s.lastSyncAt) return { tone: 'never', label: 'Sin sincronizar', count: '', detail: last };
  return { tone: 'synced', label: 'Sincronizado', count: '', detail: last };
}
