import { Box, Button, Stack } from '@chakra-ui/react';
import type { UserListItem } from '../../../shared/users/types';
import { apiDelete } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { useDeleteConfirm } from '../../ui/use-delete-confirm';
import { useAccounts } from '../accounts/use-accounts';
import { useUserDialog } from './use-user-dialog';
import { userColumns } from './user-columns';
import { UserFormDialog } from './user-form-dialog';
import { userTexts } from './user-texts';

/**
 * SPEC §2 users: the table, 'Nuevo Usuario', edit and delete with confirmation. The signed-in user's own row
 * has no 'Eliminar' (the server refuses it too, 409). Only CUENTAS_GESTIONAR sees and picks other accounts.
 */
export function UsersPage() {
  const { user } = useSession();
  const acrossAccounts = userCan(user, 'CUENTAS_GESTIONAR');
  const users = useApiData<{ data: UserListItem[] }>('list-users');
  const accounts = useAccounts(acrossAccounts);
  const dialog = useUserDialog(user?.account_id ?? 0, users.reload);
  const removal = useDeleteConfirm<UserListItem>({
    remove: (u) => apiDelete(`delete-user/${u.id}`),
    messages: { deleted: userTexts.eliminado, deleteError: userTexts.eliminarError },
    onDeleted: users.reload,
  });
  const ownAccount = user ? [{ id: user.account_id, name: user.account_name }] : [];

  return (
    <Stack gap="6">
      <PageHeader
        title="Usuarios"
        subtitle="Personas que usan el sistema, su cuenta y su rol"
        actions={
          <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate}>
            Nuevo Usuario
          </Button>
        }
      />
      {users.error && (
        <ErrorState title={userTexts.cargarError} message={users.error} onRetry={users.reload} />
      )}
      {!(users.error && !users.data) && (
        // Seven columns and two buttons beside the sidebar at 1280 px: names and accounts may wrap.
        <Box
          css={{
            '& td': { whiteSpace: 'normal' },
            '& td[data-column="email"]': {
              whiteSpace: 'nowrap',
              overflowWrap: 'normal',
              wordBreak: 'normal',
            },
          }}
        >
          <DataTable
            label="Lista de usuarios"
            testId="users-table"
            columns={userColumns}
            rows={users.data?.data ?? []}
            rowKey={(u) => u.id}
            loading={users.loading}
            emptyText={userTexts.vacio}
            actions={(u) => (
              <RowActions
                name={u.name}
                onEdit={() => dialog.openEdit(u)}
                onDelete={u.id === user?.id ? undefined : () => removal.ask(u)}
              />
            )}
          />
        </Box>
      )}
      <UserFormDialog
        dialog={dialog}
        accounts={acrossAccounts ? (accounts.accounts ?? ownAccount) : ownAccount}
        accountLocked={!acrossAccounts}
        accountsError={accounts.error}
        ownAccountId={user?.account_id ?? 0}
      />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Eliminar Usuario"
        message={`¿Está seguro de eliminar al usuario ${removal.target?.name ?? ''}? Esta acción no se puede deshacer.`}
      />
    </Stack>
  );
}
