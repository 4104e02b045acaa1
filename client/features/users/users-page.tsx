import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { UserListItem } from '../../../shared/users/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { CrudPage } from '../../ui/crud-page';
import { useAccounts } from '../accounts/use-accounts';
import { useUserDialog } from './use-user-dialog';
import { userColumns } from './user-columns';
import { UserFormDialog } from './user-form-dialog';
import { userTexts } from './user-texts';

// Seven columns and two buttons beside the sidebar at 1280 px: names and accounts may wrap.
const wrapCells = {
  '& td': { whiteSpace: 'normal' },
  '& td[data-column="email"]': { whiteSpace: 'nowrap', overflowWrap: 'normal', wordBreak: 'normal' },
};

/**
 * docs/producto.md §2 users: the table, 'Nuevo Usuario', edit and delete with confirmation. The signed-in user's own row
 * has no 'Eliminar' (the server refuses it too, 409). Only CUENTAS_GESTIONAR sees and picks other accounts.
 */
export function UsersPage() {
  const { user } = useSession();
  const acrossAccounts = userCan(user, 'CUENTAS_GESTIONAR');
  const users = useApiData<{ data: UserListItem[] }>('list-users');
  const accounts = useAccounts(acrossAccounts);
  const dialog = useUserDialog(user?.account_id ?? 0, users.reload);
  const ownAccount = user ? [{ id: user.account_id, name: user.account_name }] : [];

  return (
    <CrudPage
      title="Usuarios"
      subtitle="Personas que usan el sistema, su cuenta y su rol"
      create={{ label: 'Nuevo Usuario', onClick: dialog.openCreate }}
      actions={
        <Button asChild size={{ base: 'lg', md: 'md' }} variant="outline" className="no-print">
          <Link to="/ajustes">Ajustes de la cuenta</Link>
        </Button>
      }
      source={users}
      errorTitle={userTexts.cargarError}
      table={{
        label: 'Lista de usuarios',
        testId: 'users-table',
        columns: userColumns,
        rows: users.data?.data ?? null,
        rowKey: (u) => u.id,
        rowName: (u) => u.name,
        emptyText: userTexts.vacio,
        css: wrapCells,
      }}
      onEdit={dialog.openEdit}
      remove={{
        call: (u) => apiDelete(`delete-user/${u.id}`),
        title: 'Eliminar Usuario',
        message: (u) => `¿Está seguro de eliminar al usuario ${u.name}? Esta acción no se puede deshacer.`,
        deleted: userTexts.eliminado,
        deleteError: userTexts.eliminarError,
        allowed: (u) => u.id !== user?.id,
      }}
    >
      <UserFormDialog
        dialog={dialog}
        accounts={acrossAccounts ? (accounts.accounts ?? ownAccount) : ownAccount}
        accountLocked={!acrossAccounts}
        accountsError={accounts.error}
        ownAccountId={user?.account_id ?? 0}
      />
    </CrudPage>
  );
}
