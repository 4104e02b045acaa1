import { Box, Button, Spinner, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../shared/dates';
import { useSyncStatus } from '../sync/use-sync-status';
import { type IndicatorTone, indicatorState } from './sync-indicator-state';

const DOT: Record<IndicatorTone, string> = {
  offline: 'gray.500',
  running: 'blue.500',
  error: 'red.500',
  rejected: 'red.500',
  pending: 'orange.400',
  synced: 'green.500',
  never: 'gray.400',
};

/** The header's sync state (docs/sincronizacion.md): network, pending count, last sync, errors; opens 'Sincronización'. */
export function SyncIndicator() {
  const status = useSyncStatus();
  const navigate = useNavigate();
  const state = indicatorState(status, formatDateTime);
  return (
    <Button
      variant="ghost"
      size="sm"
      minH="11"
      px="2"
      gap="2"
      onClick={() => navigate('/sync')}
      title={state.detail}
      aria-label={state.detail}
      data-testid="sync-indicator"
      data-state={state.tone}
      data-pending={status.pending}
    >
      {state.tone === 'running' ? (
        <Spinner size="xs" color={DOT.running} />
      ) : (
        <Box w="2.5" h="2.5" borderRadius="full" bg={DOT[state.tone]} flexShrink={0} />
      )}
      <Text fontSize="sm" fontWeight="medium" truncate maxW={{ base: '28', md: '48' }}>
        {state.label}
      </Text>
    </Button>
  );
}
