import { useMemo, useState } from 'react';
import { createRoleSchema } from '../../../shared/roles/schemas';
import type { Role } from '../../../shared/roles/types';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { CrudPage } from '../../ui/crud-page';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { useAccounts } from '../accounts/use-accounts';
import { NewRoleDialog, type RoleFormValues } from './new-role-dialog';
import { RoleAccountPicker } from './role-account-picker';
import { roleTexts } from './role-texts';
import { RolesList } from './roles-list';
import { useRolesData } from './use-roles-data';

/** docs/producto.md §2 roles: one card per role with its permissions, and 'Nuevo Rol'. Roles have no edit or delete. */
export function RolesPage() {
  const { user } = useSession();
  const acrossAccounts = userCan(user, 'CUENTAS_GESTIONAR');
  const [accountId, setAccountId] = useState(user?.account_id ?? 0);
  const { accounts } = useAccounts(acrossAccounts);
  const { roles, permissions, error, permissionsFailed, loading, reload, reloadRoles } =
    useRolesData(accountId);
  const descriptions = useMemo(
    () => new Map((permissions ?? []).map((p) => [p.permission, p.description] as const)),
    [permissions],
  );
  // Nobody grants what they do not hold (the server answers 403), so the checklist offers only those.
  const grantable = useMemo(
    () => (permissions ?? []).filter((p) => user?.permissions.includes(p.permission)),
    [permissions, user],
  );
  const dialog = useEditDialog<Role, typeof createRoleSchema, RoleFormValues>({
    schema: createRoleSchema,
    emptyValues: { role_name: '', permissions: [], account_id: accountId },
    toValues: (role) => ({ role_name: role.role_name, permissions: role.permissions, account_id: accountId }),
    save: saveTo({ create: 'create-role', conflictOn: 'role_name' }),
    messages: { created: roleTexts.creado, updated: roleTexts.creado, saveError: roleTexts.guardarError },
    onSaved: reloadRoles,
  });

  return (
    <CrudPage
      title="Roles"
      subtitle="Conjuntos de permisos que se asignan a los usuarios"
      create={{ label: 'Nuevo Rol', onClick: dialog.openCreate, disabled: !permissions }}
      filters={
        acrossAccounts &&
        accounts &&
        accounts.length > 1 && (
          <RoleAccountPicker accounts={accounts} value={accountId} onChange={setAccountId} />
        )
      }
      source={{ error, loading, reload }}
      errorTitle={permissionsFailed ? roleTexts.permisosError : roleTexts.cargarError}
      list={<RolesList roles={roles} loading={loading} descriptions={descriptions} />}
    >
      {permissions && <NewRoleDialog dialog={dialog} permissions={grantable} />}
    </CrudPage>
  );
}
