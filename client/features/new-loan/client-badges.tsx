import { Badge, HStack, Text } from '@chakra-ui/react';

type Marks = { coordinadora: boolean; empleado: boolean };

/** The client's Coordinadora / Empleado marks, as on the clients and loans lists. */
export function ClientBadges({ client }: { client: Marks }) {
  return (
    <>
      {client.coordinadora && (
        <Badge colorPalette="purple" variant="subtle">
          Coordinadora
        </Badge>
      )}
      {client.empleado && (
        <Badge colorPalette="blue" variant="subtle">
          Empleado
        </Badge>
      )}
    </>
  );
}

/** The client's name and marks on one line, wrapping under it when narrow (clients list, suggestions). */
export function ClientNameBadges({ client }: { client: Marks & { nombre: string } }) {
  return (
    <HStack gap="2" wrap="wrap" rowGap="1">
      <Text as="span" fontWeight="medium">
        {client.nombre}
      </Text>
      <ClientBadges client={client} />
    </HStack>
  );
}
