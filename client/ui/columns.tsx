import { Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '../../shared/dates';
import type { DataTableColumn } from './data-table';

type Extra<Row> = Partial<Omit<DataTableColumn<Row>, 'key' | 'header' | 'render'>>;

/** The catalogue tables' first column (docs/producto.md §2): the row's id. */
export const idColumn = <Row extends { id: number }>(): DataTableColumn<Row> => ({
  key: 'id',
  header: 'ID',
  render: (row) => row.id,
});

/** A column whose value is text in one style (how it weighs, where it may break). */
export const textColumn = <Row,>(
  key: string,
  header: string,
  value: (row: Row) => ReactNode,
  style: TextProps,
  extra: Extra<Row> = {},
): DataTableColumn<Row> => ({
  key,
  header,
  render: (row) => (
    <Text as="span" {...style}>
      {value(row)}
    </Text>
  ),
  ...extra,
});

/** A name, in medium weight. */
export const nameColumn = <Row,>(
  key: string,
  header: string,
  name: (row: Row) => ReactNode,
  extra?: Extra<Row>,
) => textColumn(key, header, name, { fontWeight: 'medium' }, extra);

/** A value that must not break over lines (a phone number). */
export const nowrapColumn = <Row,>(key: string, header: string, value: (row: Row) => ReactNode) =>
  textColumn(key, header, value, { whiteSpace: 'nowrap' });

/** A date as dd/mm/yyyy (es-ES, 'Fecha inválida' when unreadable), on one line. */
export const dateColumn = <Row,>(key: string, header: string, date: (row: Row) => string | null) =>
  nowrapColumn<Row>(key, header, (row) => formatDate(date(row)));
