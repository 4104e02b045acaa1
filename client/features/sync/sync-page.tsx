import { Button, EmptyState, Stack } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useLocalStore } from '../../store/local-store-context';
import { useSyncStatus } from '../../sync/use-sync-status';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useLiveResult } from '../../ui/use-live-result';
import { OutboxEntryCard } from './outbox-entry-card';
import { groupOutbox, ids, isOutboxEmpty } from './outbox-groups';
import { OutboxSection } from './outbox-section';
import { syncScreenTexts as t } from './sync-screen-texts';
import { SyncStatusPanel } from './sync-status-panel';
import { useAcknowledge } from './use-acknowledge';

/**
 * 'Sincronizar ahora': a run now, and if it fails, retries from the shortest wait again (the button is off
 * while one runs). Null engine: nothing to sync.
 */
function useSyncNow() {
  const { engine } = useLocalStore();
  const syncNow = useCallback(() => engine?.probe(), [engine]);
  return { syncNow, available: engine !== null };
}

/** This device's outbox, grouped and live (a push answer moves entries between groups at once). */
function useOutbox() {
  const { db } = useLocalStore();
  const result = useLiveResult('outbox', async () => groupOutbox(await db.outbox.toArray()), [db]);
  return { groups: result.data, error: result.error, loading: result.loading };
}

const bulkButton = { size: { base: 'lg', md: 'sm' }, variant: 'outline', flexShrink: 0 } as const;

/** 'Pendientes de sincronizar' (/sync): the sync state and every change this device recorded, by outcome. */
export function SyncPage() {
  const status = useSyncStatus();
  const { syncNow, available } = useSyncNow();
  const { groups, error } = useOutbox();
  const { acknowledge, busy } = useAcknowledge();

  return (
    <Stack gap="6">
      <PageHeader title={t.titulo} subtitle={t.subtitulo} />
      <SyncStatusPanel status={status} canSync={available} onSyncNow={syncNow} />
      {error && <ErrorState title={t.errorLeer} message={error} />}
      {groups && isOutboxEmpty(groups) && (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg" data-testid="outbox-empty">
          <EmptyState.Content>
            <EmptyState.Title>{t.vacio}</EmptyState.Title>
            <EmptyState.Description>{t.vacioAyuda}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {groups && (
        <>
          <OutboxSection
            id="pending"
            title={t.pendientes}
            help={t.pendientesAyuda}
            tone="orange"
            entries={groups.pending}
            renderEntry={(entry) => <OutboxEntryCard key={entry.id} entry={entry} />}
          />
          <OutboxSection
            id="rejected"
            title={t.rechazados}
            help={t.rechazadosAyuda}
            tone="red"
            entries={groups.rejected}
            action={
              <Button {...bulkButton} disabled={busy} onClick={() => acknowledge(ids(groups.rejected))}>
                {t.marcarTodos}
              </Button>
            }
            renderEntry={(entry) => (
              <OutboxEntryCard
                key={entry.id}
                entry={entry}
                busy={busy}
                onAcknowledge={() => acknowledge([entry.id])}
              />
            )}
          />
          <OutboxSection
            id="synced"
            title={t.sincronizados}
            help={t.sincronizadosAyuda}
            tone="green"
            entries={groups.synced}
            action={
              <Button {...bulkButton} disabled={busy} onClick={() => acknowledge(ids(groups.synced))}>
                {t.limpiar}
              </Button>
            }
            renderEntry={(entry) => <OutboxEntryCard key={entry.id} entry={entry} />}
          />
        </>
      )}
    </Stack>
  );
}
