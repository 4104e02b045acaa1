import { formatDateTime } from '../../../shared/dates';
import { syncScreenTexts as t } from './sync-screen-texts';

/** 'Última sincronización: 20/11/2026, 12:30', or that this device never synced. */
export const lastSyncText = (lastSyncAt: string | null): string =>
  lastSyncAt ? `${t.ultimaSincronizacion} ${formatDateTime(lastSyncAt)}` : t.nuncaSincronizado;

export function connectionText(status: {
  online: boolean;
  running: boolean;
  unreachableSince: string | null;
}): string {
  if (!status.online) return t.sinConexion;
  if (status.running) return t.sincronizando;
  return status.unreachableSince ? t.sinServidor : t.enLinea;
}
