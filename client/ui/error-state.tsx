import { Alert, Button } from '@chakra-ui/react';

/** A load failure with the reason and a way to try again (docs/arquitectura.md: shared empty/loading/error states). */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems="flex-start" data-testid="error-state">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        {onRetry && (
          <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
