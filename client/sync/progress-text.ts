// How a full download reads to the user while it runs (decision 013, 'Avance real'): rows stored of the
// server's count, and the time left at the pace so far. Incremental runs have no count: they say only that
// they are syncing.
import type { SyncProgress } from './worker-protocol';

const count = new Intl.NumberFormat('es-MX');

/** '12 s', '2 min'; rounded up, never '0 s' while something is left. */
function duration(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

export interface ProgressText {
  percent: number;
  /** For the header, short enough for a phone: 'Descarga 45 %'. */
  label: string;
  /** 'Descargando datos: 140,000 de 330,000 filas; faltan unos 12 s'. */
  detail: string;
}

export function progressText(p: SyncProgress | null, now: number): ProgressText | null {
  if (!p || p.total === null || p.total <= 0) return null;
  const stored = Math.min(p.stored, p.total);
  const percent = Math.floor((stored / p.total) * 100);
  const elapsed = now - p.startedAt;
  const left = stored > 0 ? (elapsed / stored) * (p.total - stored) : null;
  const rows = `${count.format(stored)} de ${count.format(p.total)} filas`;
  return {
    percent,
    label: `Descarga ${percent} %`,
    detail: `Descargando datos: ${rows}${left !== null && stored < p.total ? `; faltan unos ${duration(left)}` : ''}`,
  };
}
