import { Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import { COLLECTION_DAY_LABELS } from '../../../shared/municipalities/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import type { DataTableColumn } from '../../ui/data-table';

/** SPEC §2 municipalities table: ID, Nombre, Día de Cobro (Lunes…), Fecha de Creación. */
export const municipalityColumns: readonly DataTableColumn<Municipality>[] = [
  { key: 'id', header: 'ID', render: (m) => m.id },
  {
    key: 'name',
    header: 'Nombre',
    cardTitle: true,
    render: (m) => (
      <Text as="span" fontWeight="medium">
        {m.name}
      </Text>
    ),
  },
  {
    key: 'collection_day',
    header: 'Día de Cobro',
    render: (m) => COLLECTION_DAY_LABELS[m.collection_day] ?? m.collection_day,
  },
  {
    key: 'created_at',
    header: 'Fecha de Creación',
    render: (m) => (
      <Text as="span" whiteSpace="nowrap">
        {formatDate(m.created_at)}
      </Text>
    ),
  },
];
