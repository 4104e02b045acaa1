import { describe, expect, test } from 'vitest';
import {
  CONFLICT_TEXT,
  entryTitle,
  groupOutbox,
  ids,
  isOutboxEmpty,
  syncedOutcomeText,
} from '../../../../client/features/sync/outbox-groups';
import { connectionText, lastSyncText } from '../../../../client/features/sync/sync-status-text';
import type { OutboxEntry, RowEditEntry } from '../../../../client/store/local-types';
import { formatDateTime } from '../../../../shared/dates';

const entry = (
  id: number,
  status: OutboxEntry['status'],
  extra: Partial<Omit<RowEditEntry, 'name'>> = {},
): RowEditEntry => ({
  id,
  name: 'amortization.update',
  args: { receiptId: `r-${id}`, loanId: 1, amortizationId: 100 + id, baseVersion: 1, pagada: true },
  clientTime: `2026-11-20T1${id % 10}:00:00.000Z`,
  status,
  summary: { loanReference: 'PR-000001', clientName: 'Ana López', numeroPago: id, description: 'Pagado' },
  loanId: 1,
  amortizationIds: [100 + id],
  userId: 7,
  ...extra,
});

describe('the outbox as the "Pendientes de sincronizar" screen lists it', () => {
  test('three groups, each newest first (the higher id was recorded later)', () => {
    const groups = groupOutbox([
      entry(1, 'synced', { outcome: 'applied' }),
      entry(4, 'pending'),
      entry(2, 'rejected', { outcome: 'rejected', reason: 'Esta amortización ya fue pagada' }),
      entry(6, 'pending'),
      entry(5, 'synced', { outcome: 'conflict' }),
      entry(3, 'rejected', { outcome: 'rejected', reason: 'Otra' }),
    ]);
    expect(ids(groups.pending)).toEqual([6, 4]);
    expect(ids(groups.rejected)).toEqual([3, 2]);
    expect(ids(groups.synced)).toEqual([5, 1]);
    expect(isOutboxEmpty(groups)).toBe(false);
  });

  test('nothing recorded: empty', () => {
    const groups = groupOutbox([]);
    expect(groups).toEqual({ pending: [], rejected: [], synced: [] });
    expect(isOutboxEmpty(groups)).toBe(true);
  });

  test('what the server did with a synced entry', () => {
    expect(syncedOutcomeText({ outcome: 'applied' })).toBe('Aplicado');
    expect(syncedOutcomeText({ outcome: 'conflict' })).toBe(CONFLICT_TEXT);
    expect(CONFLICT_TEXT).toBe('Aplicado; la oficina revisará el conflicto');
    expect(syncedOutcomeText({ outcome: 'skipped' })).toBe('Ya estaba aplicado en el servidor');
  });

  test('an entry is titled by its loan and client', () => {
    expect(entryTitle(entry(1, 'pending'))).toBe('PR-000001 · Ana López');
  });
});

describe('the sync state line', () => {
  test('last sync time, or that the device never synced', () => {
    const at = '2026-11-20T18:30:00.000Z';
    expect(lastSyncText(at)).toBe(`Última sincronización: ${formatDateTime(at)}`);
    expect(lastSyncText(null)).toBe('Aún no se ha sincronizado este dispositivo');
  });

  test('offline first, then a run going, then a server not reached, else online', () => {
    const since = '2026-11-20T16:42:00.000Z';
    const text = (online: boolean, running: boolean, unreachableSince: string | null = null) =>
      connectionText({ online, running, unreachableSince });
    expect(text(false, true)).toBe('Sin conexión');
    expect(text(false, false, since)).toBe('Sin conexión');
    expect(text(true, true)).toBe('Sincronizando…');
    expect(text(true, false, since)).toBe('Sin conexión con el servidor');
    expect(text(true, false)).toBe('En línea');
  });
});
