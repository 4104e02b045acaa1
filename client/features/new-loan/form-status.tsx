import { Alert, Stack } from '@chakra-ui/react';
import type { Ref } from 'react';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import { t } from './new-loan-texts';

/**
 * The form's messages, above it: what to fix (docs/producto.md §5), the connection it needs (docs/arquitectura.md) and why the last
 * save failed. A failed submit scrolls here.
 */
export function FormStatus({
  ref,
  invalid,
  formError,
  offline,
  failure,
  loading,
}: {
  ref: Ref<HTMLDivElement>;
  invalid: boolean;
  /** A message for the whole form (a server detail with no field of its own). */
  formError: string | undefined;
  offline: boolean;
  failure: string | null;
  loading: boolean;
}) {
  return (
    <Stack ref={ref} gap="3" scrollMarginTop="20">
      {invalid && (
        <Alert.Root status="error" borderRadius="lg" role="alert" data-testid="form-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{m.corrijaErrores}</Alert.Title>
            {formError && <Alert.Description>{formError}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {offline && (
        <Alert.Root status="warning" borderRadius="lg" role="alert" data-testid="offline-alert">
          <Alert.Indicator />
          <Alert.Title>{m.sinConexion}</Alert.Title>
        </Alert.Root>
      )}
      {failure && (
        <Alert.Root status="error" borderRadius="lg" data-testid="save-failure">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      {loading && (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title>{t.cargandoDatos}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
