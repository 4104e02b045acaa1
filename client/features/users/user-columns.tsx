import { Badge, Text } from '@chakra-ui/react';
import type { UserListItem } from '../../../shared/users/types';
import { idColumn, nameColumn, textColumn } from '../../ui/columns';
import type { DataTableColumn } from '../../ui/data-table';
import { userTexts } from './user-texts';

/** docs/producto.md §2 users table: ID, Nombre, Email, Rol ('Sin rol'), Cuenta (or 'N/A'); beyond SPEC, the municipalities a user works (decision 009). */
export const userColumns: readonly DataTableColumn<UserListItem>[] = [
  idColumn(),
  nameColumn('name', 'Nombre', (u) => u.name),
  textColumn('email', 'Email', (u) => u.email, { overflowWrap: 'anywhere' }),
  {
    key: 'role',
    header: 'Rol',
    render: (u) =>
      u.role_name ? (
        <Badge colorPalette="teal" variant="subtle">
          {u.role_name}
        </Badge>
      ) : (
        <Text as="span" color="fg.muted">
          {userTexts.sinRol}
        </Text>
      ),
  },
  { key: 'account', header: 'Cuenta', render: (u) => u.account_name ?? 'N/A' },
  {
    key: 'municipios',
    header: 'Municipios',
    render: (u) =>
      u.municipios === null
        ? 'Todos'
        : `${u.municipios.length} ${u.municipios.length === 1 ? 'municipio' : 'municipios'}`,
  },
];
