import { Badge } from '@chakra-ui/react';

/** The client's Coordinadora / Empleado marks, as on the clients and loans lists. */
export function ClientBadges({ client }: { client: { coordinadora: boolean; empleado: boolean } }) {
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
