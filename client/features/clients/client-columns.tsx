import { Badge, HStack, Text } from '@chakra-ui/react';
import type { Client } from '../../../shared/clients/types';
import { formatDate } from '../../../shared/dates';
import type { DataTableColumn } from '../../ui/data-table';

function ClientName({ client }: { client: Client }) {
  return (
    <HStack gap="2" wrap="wrap" rowGap="1">
      <Text as="span" fontWeight="medium">
        {client.nombre}
      </Text>
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
    </HStack>
  );
}

/** SPEC §2 clients table: ID, Nombre (badges), Teléfono, Municipio, Fecha de Registro. */
export const clientColumns: readonly DataTableColumn<Client>[] = [
  { key: 'id', header: 'ID', render: (c) => c.id },
  { key: 'nombre', header: 'Nombre', cardTitle: true, render: (c) => <ClientName client={c} /> },
  {
    key: 'telefono',
    header: 'Teléfono',
    render: (c) => (
      <Text as="span" whiteSpace="nowrap">
        {c.telefono}
      </Text>
    ),
  },
  { key: 'municipio', header: 'Municipio', render: (c) => c.municipalities?.name ?? 'N/A' },
  {
    key: 'created_at',
    header: 'Fecha de Registro',
    render: (c) => (
      <Text as="span" whiteSpace="nowrap">
        {formatDate(c.created_at)}
      </Text>
    ),
  },
];
