import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Shown while a screen's code or the session is being prepared. */
export function CenteredSpinner({
  label = 'Cargando...',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <Center
      minH={fullScreen ? '100dvh' : '50vh'}
      role="status"
      aria-live="polite"
      data-testid="loading-spinner"
    >
      <VStack gap="3">
        <Spinner size="xl" color="teal.600" borderWidth="4px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}

/** While the session is checked (docs/producto.md §2). Also prerendered into index.html, shown there when a session is stored. */
export const SessionCheckSpinner = () => <CenteredSpinner fullScreen label="Verificando sesión..." />;
