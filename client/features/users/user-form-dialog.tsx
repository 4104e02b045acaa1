import type { Account } from '../../../shared/accounts/types';
import type { Municipality } from '../../../shared/municipalities/types';
import type { Role } from '../../../shared/roles/types';
import type { UserListItem } from '../../../shared/users/types';
import { useApiData } from '../../session/use-api-data';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import { MunicipalityAssignment } from './municipality-assignment';
import type { UserFormState } from './use-user-dialog';
import { userTexts } from './user-texts';

/**
 * The 'Nuevo Usuario' / 'Editar Usuario' modal. `accounts` is every account for CUENTAS_GESTIONAR, else
 * only the signed-in user's (`accountLocked`: preselected and disabled, docs/arquitectura.md). The role select offers
 * the chosen account's roles, and picking another account clears the role (roles belong to an account).
 */
export function UserFormDialog({
  dialog,
  accounts,
  accountLocked,
  accountsError,
  ownAccountId,
}: {
  dialog: EditDialog<UserListItem, UserFormState, unknown>;
  accounts: readonly Pick<Account, 'id' | 'name'>[];
  accountLocked: boolean;
  accountsError?: string | null;
  /** The signed-in user's account: its municipalities are the ones listed for the assignment. */
  ownAccountId: number;
}) {
  const { form, editing } = dialog;
  const { values, errors, setValue } = form;
  const roles = useApiData<{ data: Role[] }>(dialog.open && values.account_id ? 'list-roles' : null, {
    accountId: values.account_id,
  });
  const municipalities = useApiData<{ data: Municipality[] }>(dialog.open ? 'municipalities' : null);
  const ownAccount = values.account_id === String(ownAccountId);

  return (
    <SchemaFormDialog
      dialog={dialog}
      title={{ create: 'Nuevo Usuario', edit: 'Editar Usuario' }}
      size="lg"
      testId="user-dialog"
      fields={[
        { kind: 'text', name: 'name', label: 'Nombre' },
        { kind: 'email', name: 'email', label: 'Email' },
        {
          kind: 'password',
          name: 'password',
          label: 'Contraseña',
          required: editing === null,
          helperText: editing ? userTexts.conservarContrasena : 'Mínimo 6 caracteres',
        },
        {
          kind: 'select',
          name: 'account_id',
          label: 'Cuenta',
          placeholder: accountLocked ? undefined : 'Seleccione una cuenta',
          options: accounts.map((a) => ({ value: String(a.id), label: a.name })),
          error: accountsError ? `Error al cargar las cuentas: ${accountsError}` : null,
          disabled: accountLocked,
          onChange: (accountId) => {
            setValue('account_id', accountId);
            setValue('role_id', '');
            // Municipalities belong to an account too: a move starts with all of the new one's.
            setValue('municipios', null);
          },
        },
        {
          kind: 'select',
          name: 'role_id',
          label: 'Rol',
          required: false,
          options: [
            { value: '', label: userTexts.sinRol },
            ...(roles.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.role_name })),
          ],
          error: roles.error ? `${userTexts.rolesError}: ${roles.error}` : null,
          helperText: roles.loading ? 'Cargando roles...' : undefined,
          disabled: !values.account_id || roles.loading,
        },
        {
          kind: 'custom',
          key: 'municipios',
          node: (
            <MunicipalityAssignment
              value={ownAccount ? values.municipios : null}
              onChange={(next) => setValue('municipios', next)}
              municipalities={municipalities.data?.data ?? []}
              disabled={!ownAccount}
              error={errors.municipios}
            />
          ),
        },
      ]}
    />
  );
}
