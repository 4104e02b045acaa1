import { Button, Stack } from '@chakra-ui/react';
import type { Account } from '../../../shared/accounts/types';
import { apiDelete } from '../../session/api-client';
import { useSession } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { useDeleteConfirm } from '../../ui/use-delete-confirm';
import { accountColumns } from './account-columns';
import { AccountFormDialog } from './account-form-dialog';
import { accountTexts } from './account-texts';
import { useAccountDialog } from './use-account-dialog';
import { useAccounts } from './use-accounts';

/**
 * SPEC §2 accounts (CUENTAS_GESTIONAR): the table, create/edit in a modal, delete with confirmation. An
 * account with users or data is refused by the server (409) and its reason is toasted. One's own account
 * has no 'Eliminar' (the server refuses it too).
 */
export function AccountsPage() {
  const { user } = useSession();
  const accounts = useAccounts();
  const dialog = useAccountDialog(accounts.reload);
  const removal = useDeleteConfirm<Account>({
    remove: (a) => apiDelete(`accounts/${a.id}`),
    messages: { deleted: accountTexts.eliminada, deleteError: accountTexts.eliminarError },
    onDeleted: accounts.reload,
  });

  return (
    <Stack gap="6">
      <PageHeader
        title="Cuentas"
        subtitle="Empresas que usan el sistema; cada una ve solo sus datos"
        actions={
          <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate}>
            Nueva Cuenta
          </Button>
        }
      />
      {accounts.error && (
        <ErrorState title={accountTexts.cargarError} message={accounts.error} onRetry={accounts.reload} />
      )}
      {!(accounts.error && !accounts.accounts) && (
        <DataTable
          label="Lista de cuentas"
          testId="accounts-table"
          columns={accountColumns}
          rows={accounts.accounts ?? []}
          rowKey={(a) => a.id}
          loading={accounts.loading}
          emptyText={accountTexts.vacio}
          actions={(a) => (
            <RowActions
              name={a.name}
              onEdit={() => dialog.openEdit(a)}
              onDelete={a.id === user?.account_id ? undefined : () => removal.ask(a)}
            />
          )}
        />
      )}
      <AccountFormDialog dialog={dialog} />
      <ConfirmDialog
        {...removal.dialogProps}
        title="Eliminar Cuenta"
        message={`¿Está seguro de eliminar la cuenta ${removal.target?.name ?? ''}? Esta acción no se puede deshacer.`}
      />
    </Stack>
  );
}
