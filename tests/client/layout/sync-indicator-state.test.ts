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
  unreachableSince: null,
  snapshotComplete: true,
  nextRetryAt: null,
  progress: null,
};
const time = () => '20/11/2026, 12:00';

describe('the header sync indicator', () => {
  test.each([
    [{ online: false, pending: 3 }, 'offline', 'Sin conexión · 3'],
    [{ online: false, unreachableSince: '2026-11-20T16:42:00Z' }, 'offline', 'Sin conexión'],
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

// Issue 30 item 5: the browser says online, but runs fail before the server answers (a dead link, a captive
// portal, the server down). The header says so, and since when, instead of 'Sincronizado' or '1 pendiente'.
describe('a server that cannot be reached', () => {
  // Built from the phone's own clock, whatever the zone the tests run in.
  const since = new Date(2026, 10, 20, 10, 42).toISOString();
  const now = new Date(2026, 10, 20, 11, 5).getTime();
  const away = { ...base, unreachableSince: since };

  test('says it and since when; a phone shows the cloud and the time', () => {
    const state = indicatorState({ ...away, pending: 2, rejected: 1, lastError: null }, time, now);
    expect(state).toEqual({
      tone: 'unreachable',
      label: 'Sin servidor · 10:42',
      count: '10:42',
      detail:
        'Sin conexión con el servidor desde las 10:42; 2 cambios pendientes. Última sincronización: 20/11/2026, 12:00',
    });
    expect(labelParts(state)).toEqual({ before: 'Sin servidor · ', count: '10:42', after: '' });
  });

  test('a retry going on does not flicker it to “Sincronizando…”; the detail says it is trying', () => {
    const state = indicatorState({ ...away, running: true }, time, now);
    expect(state.label).toBe('Sin servidor · 10:42');
    expect(state.detail).toMatch(/^Sin conexión con el servidor desde las 10:42, intentando de nuevo\. /);
  });

  test('since another day, the day; one o’clock reads “la 1”', () => {
    const yesterday = new Date(2026, 10, 19, 1, 5).toISOString();
    const state = indicatorState({ ...away, unreachableSince: yesterday }, time, now);
    expect(state.label).toBe('Sin servidor · 19/11');
    expect(state.detail).toMatch(/^Sin conexión con el servidor desde el 19\/11 a la 01:05\. /);
  });

  test('no network at all says that first; a download under way (the server answers) shows its progress', () => {
    expect(indicatorState({ ...away, online: false }, time, now).tone).toBe('offline');
    const download = { stored: 10, total: 100, pages: 1, startedAt: now - 1000 };
    expect(indicatorState({ ...away, running: true, progress: download }, time, now).label).toBe(
      'Descarga 10 %',
    );
  });

  test('a run that reaches the server clears it: back to normal', () => {
    expect(indicatorState({ ...away, unreachableSince: null }, time, now).label).toBe('Sincronizado');
  });
});
