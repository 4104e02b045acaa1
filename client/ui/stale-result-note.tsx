import { Alert } from '@chakra-ui/react';
import { formatDateTime } from '../../shared/dates';

/** A report read from the device's copy because the server could not be reached. */
export function StaleResultNote({ savedAt }: { savedAt: string }) {
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="stale-result" className="no-print">
      <Alert.Indicator />
      <Alert.Description>
        Sin conexión con el servidor: se muestra el último resultado leído en este dispositivo, el{' '}
        {formatDateTime(savedAt)}.
      </Alert.Description>
    </Alert.Root>
  );
}
