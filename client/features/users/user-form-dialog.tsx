import { Input, NativeSelect } from '@chakra-ui/react';
import type { Account } from '../../../shared/accounts/types';
import type { Municipality } from '../../../shared/municipalities/types';
import type { Role } from '../../../shared/roles/types';
import type { UserListItem } from '../../../shared/users/types';
import { useApiData } from '../../session/use-api-data';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import { MunicipalityAssignment } from './municipality-assignment';
import { PasswordInput } from '../../ui/password-input';
import type { UserFormState } from './use-user-dialog';
import { userTexts } from './user-texts';

/**
 * The 'Nuevo Usuario' / 'Editar Usuario' modal. `accounts` is every account for CUENTAS_GESTIONAR, else
 * only the signed-in user's (`accountLocked`: preselected and disabled, DESIGN §3). The role select offers
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
  const roleOptions = roles.data?.data ?? [];
  const municipalities = useApiData<{ data: Municipality[] }>(dialog.open ? 'municipalities' : null);
  const ownAccount = values.account_id === String(ownAccountId);

  return (
    <FormDialog
      open={dialog.open}
      title={editing ? 'Editar Usuario' : 'Nuevo Usuario'}
      size="lg"
      busy={dialog.busy}
      formError={dialog.formError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="user-dialog"
    >
      <FormField label="Nombre" error={errors.name} required>
        <Input
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(e) => setValue('name', e.target.value)}
        />
      </FormField>
      <FormField label="Email" error={errors.email} required>
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => setValue('email', e.target.value)}
        />
      </FormField>
      <FormField
        label="Contraseña"
        error={errors.password}
        required={editing === null}
        helperText={editing ? userTexts.conservarContrasena : 'Mínimo 6 caracteres'}
      >
        <PasswordInput value={values.password} onChange={(value) => setValue('password', value)} />
      </FormField>
      <FormField
        label="Cuenta"
        error={
          errors.account_id ?? (accountsError ? `Error al cargar las cuentas: ${accountsError}` : undefined)
        }
        required
        disabled={accountLocked}
      >
        <NativeSelect.Root>
          <NativeSelect.Field
            name="account_id"
            placeholder={accountLocked ? undefined : 'Seleccione una cuenta'}
            value={values.account_id}
            onChange={(e) => {
              setValue('account_id', e.target.value);
              setValue('role_id', '');
              // Municipalities belong to an account too: a move starts with all of the new one's.
              setValue('municipios', null);
            }}
          >
            {accounts.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label="Rol"
        error={errors.role_id ?? (roles.error ? `Error al cargar los roles: ${roles.error}` : undefined)}
        helperText={roles.loading ? 'Cargando roles...' : undefined}
        disabled={!values.account_id || roles.loading}
      >
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role_id"
            value={values.role_id}
            onChange={(e) => setValue('role_id', e.target.value)}
          >
            <option value="">{userTexts.sinRol}</option>
            {roleOptions.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.role_name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <MunicipalityAssignment
        value={ownAccount ? values.municipios : null}
        onChange={(next) => setValue('municipios', next)}
        municipalities={municipalities.data?.data ?? []}
        disabled={!ownAccount}
        error={errors.municipios}
      />
    </FormDialog>
  );
}
