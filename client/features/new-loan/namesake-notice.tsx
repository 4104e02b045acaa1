import { Alert, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ClientBadges } from './client-badges';
import type { ClientSuggestion } from './client-suggestions';
import { t } from './new-loan-texts';

/** A new client whose name is already registered: offers the registered one instead of a duplicate. */
export function NamesakeNotice({
  clients,
  onPick,
}: {
  clients: readonly ClientSuggestion[];
  onPick: (client: ClientSuggestion) => void;
}) {
  return (
    <Alert.Root status="warning" borderRadius="md" data-testid="namesake-notice">
      <Alert.Indicator />
      <Stack gap="3" flex="1" minW="0">
        <Alert.Title>{t.homonimos}</Alert.Title>
        {clients.map((client) => (
          <Flex
            key={client.id}
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
            justify="space-between"
            gap="2"
          >
            <Stack gap="0" minW="0">
              <Flex gap="2" wrap="wrap" align="center">
                <Text fontWeight="semibold" overflowWrap="anywhere">
                  {client.nombre}
                </Text>
                <ClientBadges client={client} />
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {client.telefono} · {client.municipalityName}
              </Text>
            </Stack>
            <Button
              size={{ base: 'lg', md: 'sm' }}
              variant="outline"
              flexShrink="0"
              aria-label={`${t.usarCliente}: ${client.nombre}, ${client.telefono}`}
              onClick={() => onPick(client)}
            >
              {t.usarCliente}
            </Button>
          </Flex>
        ))}
      </Stack>
    </Alert.Root>
  );
}
