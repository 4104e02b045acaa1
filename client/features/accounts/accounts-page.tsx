import { apiDelete } from '../../session/api-client';
import { useSession } from '../../session/use-session';
import { CrudPage } from '../../ui/crud-page';
import { accountColumns } from './account-columns';
import { AccountFormDialog } from './account-form-dialog';
import { accountTexts } from './account-texts';
import { useAccountDialog } from './use-account-dialog';
import { useAccounts } from './use-accounts';

/**
 * docs/producto.md §2 accounts (CUENTAS_GESTIONAR): the table, create/edit in a modal, delete with confirmation. An
 * account with users or data is refused by the server (409) and its reason is toasted. One's own account
 * has no 'Eliminar' (the server refuses it too).
 */
export function AccountsPage() {
  const { user } = useSession();
  const accounts = useAccounts();
  const dialog = useAccountDialog(accounts.reload);
  return (
    <CrudPage
      title="Cuentas"
      subtitle="Empresas que usan el sistema; cada una ve solo sus datos"
      create={{ label: 'Nueva Cuenta', onClick: dialog.openCreate }}
      source={accounts}
      errorTitle={accountTexts.cargarError}
      table={{
        label: 'Lista de cuentas',
        testId: 'accounts-table',
        columns: accountColumns,
        rows: accounts.accounts,
        rowKey: (a) => a.id,
        rowName: (a) => a.name,
        emptyText: accountTexts.vacio,
      }}
      onEdit={dialog.openEdit}
      remove={{
        call: (a) => apiDelete(`accounts/${a.id}`),
        title: 'Eliminar Cuenta',
        message: (a) => `¿Está seguro de eliminar la cuenta ${a.name}? Esta acción no se puede deshacer.`,
        deleted: accountTexts.eliminada,
        deleteError: accountTexts.eliminarError,
        allowed: (a) => a.id !== user?.account_id,
      }}
    >
      <AccountFormDialog dialog={dialog} />
    </CrudPage>
  );
}
