import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { ClientBadges } from './client-badges';
import type { ClientSuggestion } from './client-suggestions';
import { t } from './new-loan-texts';

/** The client the loan is for, with a way back to the search. */
export function SelectedClient({ client, onChange }: { client: ClientSuggestion; onChange: () => void }) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      gap="3"
      borderWidth="1px"
      borderColor="teal.muted"
      bg="teal.subtle/40"
      borderRadius="md"
      p="3"
      data-testid="selected-client"
    >
      <Stack gap="1" minW="0">
        <HStack gap="2" wrap="wrap" rowGap="1">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {client.nombre}
          </Text>
          <ClientBadges client={client} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {client.telefono} · {client.municipalityName}
        </Text>
      </Stack>
      <Button variant="outline" size={{ base: 'lg', md: 'sm' }} flexShrink="0" onClick={onChange}>
        {t.cambiarCliente}
      </Button>
    </Flex>
  );
}
