import { Badge, Box, Button, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../shared/dates';
import { progressText } from '../../sync/progress-text';
import { unreachableText } from '../../sync/unreachable-text';
import type { SyncStatus } from '../../sync/use-sync-status';
import { IconSync } from '../../ui/icons';
import { storageSize, useStorageUsage } from './storage-usage';
import { syncScreenTexts as t } from './sync-screen-texts';
import { connectionText, lastSyncText } from './sync-status-text';

/** Online or not, the last sync and its error, the storage this device uses, and 'Sincronizar ahora'. */
export function SyncStatusPanel({
  status,
  canSync,
  onSyncNow,
}: {
  status: SyncStatus;
  canSync: boolean;
  onSyncNow: () => void;
}) {
  const { online, running, lastSyncAt, lastError, nextRetryAt, unreachableSince } = status;
  const storage = useStorageUsage(lastSyncAt);
  const download = running ? progressText(status.progress, Date.now()) : null;
  // The browser says online, but the last runs did not reach the server (a dead link, a captive portal).
  const unreachable = online && unreachableSince ? unreachableText(unreachableSince, Date.now()) : null;
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap="4"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      data-testid="sync-status"
    >
      <Stack gap="1.5" minW="0">
        <Box>
          <Badge
            size="lg"
            variant="subtle"
            colorPalette={online && !unreachable ? 'green' : 'orange'}
            data-testid="sync-connection"
          >
            {connectionText({ online, running, unreachableSince })}
          </Badge>
        </Box>
        <Text data-testid="sync-last">{lastSyncText(lastSyncAt)}</Text>
        {download && (
          <Stack gap="1" data-testid="sync-progress">
            <Progress.Root value={download.percent} size="sm" colorPalette="blue" aria-label={download.label}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted">
              {download.detail}
            </Text>
          </Stack>
        )}
        {!online && (
          <Text fontSize="sm" color="fg.muted">
            {t.sinConexionAyuda}
          </Text>
        )}
        {unreachable && (
          <Stack gap="0.5" data-testid="sync-unreachable">
            <Text fontWeight="medium">{unreachable.detail}.</Text>
            <Text fontSize="sm" color="fg.muted">
              {t.sinServidorAyuda}
            </Text>
          </Stack>
        )}
        {!canSync && (
          <Text fontSize="sm" color="fg.muted">
            {t.sinSincronizacion}
          </Text>
        )}
        {lastError && (
          <Text color="red.700" fontSize="sm" overflowWrap="anywhere" data-testid="sync-error">
            {t.ultimoError} {lastError}
          </Text>
        )}
        {storage && (
          <Text fontSize="sm" color="fg.muted" data-testid="sync-storage">
            {t.almacenamiento(storageSize(storage.usage), storageSize(storage.quota))}.{' '}
            {storage.persisted ? t.protegido : t.noProtegido}
          </Text>
        )}
        {online && nextRetryAt !== null && !running && (
          <Text fontSize="sm" color="fg.muted">
            {t.reintento} {formatDateTime(new Date(nextRetryAt))}
          </Text>
        )}
      </Stack>
      <Button
        size="lg"
        flexShrink="0"
        onClick={onSyncNow}
        disabled={!online || running || !canSync}
        loading={running}
        loadingText={t.sincronizando}
      >
        <IconSync />
        {t.sincronizarAhora}
      </Button>
    </Flex>
  );
}
