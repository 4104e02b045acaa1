import { Box, Button, chakra, Spinner, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../shared/dates';
import { useLocalStore } from '../store/local-store-context';
import { useSyncStatus } from '../sync/use-sync-status';
import { IconAlertTriangle, IconCheck, IconCloudOff, IconSync } from '../ui/icons';
import { type IndicatorTone, indicatorState, labelParts } from './sync-indicator-state';

const COLOR: Record<IndicatorTone, string> = {
  offline: 'gray.600',
  unreachable: 'orange.600',
  running: 'blue.500',
  error: 'red.600',
  rejected: 'red.600',
  pending: 'orange.600',
  synced: 'green.600',
  never: 'gray.500',
};

/** Each state by its shape too, not by colour alone: on a phone the icon is most of what shows. */
function StateIcon({ tone }: { tone: IndicatorTone }) {
  if (tone === 'running') return <Spinner size="xs" color={COLOR.running} />;
  const Icon =
    tone === 'offline' || tone === 'unreachable'
      ? IconCloudOff
      : tone === 'error' || tone === 'rejected'
        ? IconAlertTriangle
        : tone === 'synced'
          ? IconCheck
          : IconSync;
  return (
    <Box
      as="span"
      display="inline-flex"
      color={COLOR[tone]}
      fontSize={{ base: 'lg', sm: 'md' }}
      flexShrink={0}
    >
      <Icon />
    </Box>
  );
}

/**
 * The header's sync state (docs/sincronizacion.md): network, pending count, last sync, errors; opens
 * 'Sincronización'. On a phone only the icon and the count show ('Sin conexión · 3' reads as the cloud
 * struck through and 3, 'Sin servidor · 10:42' as the cloud and 10:42), so the user's name beside it is not
 * cut; the whole sentence is its accessible name. A tap also tries the server again at once (§6).
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const { engine } = useLocalStore();
  const navigate = useNavigate();
  const state = indicatorState(status, formatDateTime);
  const { before, count, after } = labelParts(state);
  return (
    <Button
      variant="ghost"
      size="sm"
      minH="11"
      minW="11"
      px="2"
      gap={{ base: '1', sm: '2' }}
      flexShrink={0}
      onClick={() => {
        if (!status.running) engine?.probe();
        navigate('/sync');
      }}
      title={state.detail}
      aria-label={state.detail}
      data-testid="sync-indicator"
      data-state={state.tone}
      data-pending={status.pending}
    >
      <StateIcon tone={state.tone} />
      <Text
        fontSize="sm"
        fontWeight="medium"
        truncate
        maxW={{ base: '28', md: '48' }}
        display={{ base: count ? 'block' : 'none', sm: 'block' }}
      >
        <chakra.span hideBelow="sm">{before}</chakra.span>
        {count}
        <chakra.span hideBelow="sm">{after}</chakra.span>
      </Text>
    </Button>
  );
}
