import { describe, expect, test } from 'vitest';
import { indicatorState, labelParts } from '../../../client/layout/sync-indicator-state';
import type { SyncStatus } from '../../../client/sync/use-sync-status';

const base: SyncStatus = {
  online: true,
  running: false,
  pending: 0,
  rejected: 0,
  lastSyncAt: '2026-11-20T18:00:00Z',
  lastError: null,
  snapshotComplete: true,
  nextRetryAt: null,
  progress: null,
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

describe('a full download in progress', () => {
  const startedAt = Date.parse('2026-11-20T18:00:00Z');
  const running = { ...base, running: true, lastSyncAt: null };

  test('says how much of the server’s count is stored and the time left at the pace so far', () => {
    const state = indicatorState(
      { ...running, progress: { stored: 100_000, total: 330_000, pages: 50, startedAt } },
      time,
      startedAt + 4_000,
    );
    expect(state).toEqual({
      tone: 'running',
      label: 'Descarga 30 %',
      count: '30 %',
      detail: 'Descargando datos: 100,000 de 330,000 filas; faltan unos 10 s. Aún no se ha sincronizado',
    });
  });

  test('an incremental run, with no count, only says it is syncing', () => {
    const state = indicatorState(
      { ...running, progress: { stored: 12, total: null, pages: 1, startedAt } },
      time,
      startedAt + 100,
    );
    expect(state.label).toBe('Sincronizando…');
  });
});

// A phone shows the state's icon and this part of the label only, so the user's name beside it stays readable;
// the words around it stay on wider screens and in the accessible name.
describe('the header sync indicator on a phone', () => {
  test.each([
    [{ online: false, pending: 3 }, '3'],
    [{ online: false }, ''],
    [{ running: true }, ''],
    [{ running: true, progress: { stored: 45, total: 100, pages: 1, startedAt: 0 } }, '45 %'],
    [{ rejected: 1, pending: 2 }, '1'],
    [{ lastError: 'El servidor no respondió' }, ''],
    [{ pending: 1 }, '1'],
    [{ pending: 12 }, '12'],
    [{ lastSyncAt: null }, ''],
    [{}, ''],
  ] as const)('%o shows %j', (patch, count) => {
    const state = indicatorState({ ...base, ...patch }, time, 1_000);
    const parts = labelParts(state);
    expect(parts.count).toBe(count);
    expect(parts.before + parts.count + parts.after).toBe(state.label);
  });
});
