import { Button, Flex, Text } from '@chakra-ui/react';
import type { LoanListSource } from './use-loan-list-params';

export const OFFLINE_NOTE = 'Sin conexión: se muestran solo los préstamos guardados en este dispositivo';

/**
 * Where the list comes from (docs/sincronizacion.md scope): the device keeps open loans and those closed in the last 8
 * weeks; older ones are a server search away, online only.
 */
export function LoanSourceNote({
  source,
  online,
  onSource,
}: {
  source: LoanListSource;
  online: boolean;
  onSource: (source: LoanListSource) => void;
}) {
  const onServer = source === 'server' && online;
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap="3"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.muted"
      data-testid="loan-source-note"
    >
      <Text fontSize="sm" color="fg.muted">
        {onServer
          ? 'La búsqueda en el servidor incluye los préstamos cerrados hace más de 8 semanas, que este dispositivo no guarda.'
          : 'La lista muestra los préstamos guardados en este dispositivo: los abiertos y los cerrados en las últimas 8 semanas.'}
      </Text>
      {!online ? (
        <Text fontSize="sm" fontWeight="medium" color="orange.700" data-testid="offline-note">
          {OFFLINE_NOTE}
        </Text>
      ) : (
        <Button
          variant="outline"
          bg="bg"
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          flexShrink="0"
          aria-pressed={onServer}
          onClick={() => onSource(onServer ? 'device' : 'server')}
        >
          {onServer ? 'Ver préstamos del dispositivo' : 'Buscar en el servidor'}
        </Button>
      )}
    </Flex>
  );
}
