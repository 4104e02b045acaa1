import { describe, expect, test } from 'vitest';
import type { SyncStatus } from '../../../client/db/use-sync-status';
import { indicatorState } from '../../../client/layout/sync-indicator-state';

const base: SyncStatus = {
  online: true,
  running: false,
  pending: 0,
  rejected: 0,
  lastSyncAt: '2026-11-20T18:00:00Z',
  lastError: null,
  snapshotComplete: true,
  nextRetryAt: null,
};
const time = () => '20/11/2026, 12:00';

describe('the header sync indicator', () => {
  test.each([
    [{ online: false, pending: 3 }, 'offline', 'Sin conexión · 3'],
    [{ running: true }, 'running', 'Sincronizando…'],
    [{ rejected: 1, pending: 2 }, 'rejected', '1 rechazado'],
    [{ lastError: 'El servidor no respondió' }, 'error', 'Error al sincronizar'],
    [{ pending: 1 }, 'pending', '1 pendiente'],
    [{ pending: 4 }, 'pending', '4 pendientes'],
    [{ lastSyncAt: null }, 'never', 'Sin sincronizar'],
    [{}, 'synced', 'Sincronizado'],
  ] as const)('%o → %s', (patch, tone, label) => {
    const state = indicatorState({ ...base, ...patch }, time);
    expect(state.tone).toBe(tone);
    expect(state.label).toBe(label);
  });

  test('the detail says how many wait and when the last sync was', () => {
    expect(indicatorState({ ...base, online: false, pending: 2 }, time).detail).toBe(
      'Sin conexión; 2 cambios pendientes. Última sincronización: 20/11/2026, 12:00',
    );
  });
});
