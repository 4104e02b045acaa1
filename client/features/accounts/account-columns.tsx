import { Text } from '@chakra-ui/react';
import type { Account } from '../../../shared/accounts/types';
import { formatDate } from '../../../shared/dates';
import type { DataTableColumn } from '../../ui/data-table';

/** SPEC §2 accounts table: ID, Nombre, Fecha de Creación. */
export const accountColumns: readonly DataTableColumn<Account>[] = [
  { key: 'id', header: 'ID', render: (a) => a.id },
  {
    key: 'name',
    header: 'Nombre',
    render: (a) => (
      <Text as="span" fontWeight="medium">
        {a.name}
      </Text>
    ),
  },
  {
    key: 'created_at',
    header: 'Fecha de Creación',
    render: (a) => (
      <Text as="span" whiteSpace="nowrap">
        {formatDate(a.created_at)}
      </Text>
    ),
  },
];
