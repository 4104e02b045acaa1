import { Alert, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SyncConflict } from '../../../shared/sync/types';
import { useApiData } from '../../session/use-api-data';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useOnline } from '../../ui/use-online';
import { ConflictCard } from './conflict-card';
import type { ReviewFilter } from './conflict-filter';
import { ConflictFilterButtons } from './conflict-filter-buttons';
import { conflictTexts as t } from './conflict-texts';
import { useReviewConflict } from './use-review-conflict';

/** The account's conflicts for the filter, online only (`enabled` false: offline, no call). */
function useConflicts(reviewed: ReviewFilter, enabled: boolean) {
  const result = useApiData<{ data: SyncConflict[] }>(enabled ? 'sync/conflicts' : null, { reviewed });
  return { ...result, conflicts: result.data?.data ?? null };
}

/** 'Conflictos de sincronización' (/sync/conflicts): the office reviews money edits that crossed (docs/sincronizacion.md). */
export function SyncConflictsPage() {
  const online = useOnline();
  const [reviewed, setReviewed] = useState<ReviewFilter>('false');
  const { conflicts, error, loading, reload } = useConflicts(reviewed, online);
  const { review, busyId } = useReviewConflict(reload);

  return (
    <Stack gap="6">
      <PageHeader title={t.titulo} subtitle={t.subtitulo} />
      <ConflictFilterButtons value={reviewed} onChange={setReviewed} />
      {!online && (
        <Alert.Root status="warning" borderRadius="lg" data-testid="conflicts-offline">
          <Alert.Indicator />
          <Alert.Title>{t.sinConexion}</Alert.Title>
        </Alert.Root>
      )}
      {online && error && <ErrorState title={t.cargarError} message={error} onRetry={reload} />}
      {online && !conflicts && loading && (
        <Stack gap="3" aria-label={t.cargando} aria-busy="true">
          <Skeleton h="40" borderRadius="lg" />
          <Skeleton h="40" borderRadius="lg" />
        </Stack>
      )}
      {online && conflicts && conflicts.length === 0 && (
        <Text
          color="fg.muted"
          textAlign="center"
          py="10"
          bg="bg"
          borderWidth="1px"
          borderRadius="lg"
          data-testid="conflicts-empty"
        >
          {reviewed === 'false' ? t.vacioPorRevisar : t.vacio}
        </Text>
      )}
      {online && conflicts && conflicts.length > 0 && (
        <Stack as="ul" gap="4" listStyleType="none" aria-label={t.lista} aria-busy={loading}>
          {conflicts.map((conflict) => (
            <ConflictCard
              key={conflict.id}
              conflict={conflict}
              busy={busyId === conflict.id}
              onReview={() => review(conflict)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
