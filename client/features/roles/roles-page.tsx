import { Button, EmptyState, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { createRoleSchema } from '../../../shared/roles/schemas';
import type { Role } from '../../../shared/roles/types';
import { apiPost } from '../../session/api-client';
import { conflictOnField } from '../../session/conflict-on-field';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { useAccounts } from '../accounts/use-accounts';
import { NewRoleDialog, type RoleFormValues } from './new-role-dialog';
import { RoleAccountPicker } from './role-account-picker';
import { RoleCard } from './role-card';
import { roleTexts } from './role-texts';
import { RolesSkeleton } from './roles-skeleton';
import { useRolesData } from './use-roles-data';

/** SPEC §2 roles: one card per role with its permissions, and 'Nuevo Rol'. Roles have no edit or delete. */
export function RolesPage() {
  const { user } = useSession();
  const acrossAccounts = userCan(user, 'CUENTAS_GESTIONAR');
  const [accountId, setAccountId] = useState(user?.account_id ?? 0);
  const { accounts } = useAccounts(acrossAccounts);
  const { roles, permissions, error, loading, reload, reloadRoles } = useRolesData(accountId);
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
    save: (payload) =>
      apiPost('create-role', payload).catch((e: unknown) => {
        throw conflictOnField(e, 'role_name');
      }),
    messages: { created: roleTexts.creado, updated: roleTexts.creado, saveError: roleTexts.guardarError },
    onSaved: reloadRoles,
  });

  return (
    <Stack gap="6">
      <PageHeader
        title="Roles"
        subtitle="Conjuntos de permisos que se asignan a los usuarios"
        actions={
          <Button size={{ base: 'lg', md: 'md' }} onClick={dialog.openCreate} disabled={!permissions}>
            Nuevo Rol
          </Button>
        }
      />
      {acrossAccounts && accounts && accounts.length > 1 && (
        <RoleAccountPicker accounts={accounts} value={accountId} onChange={setAccountId} />
      )}

      {error && <ErrorState title={roleTexts.cargarError} message={error} onRetry={reload} />}
      {!roles && loading && <RolesSkeleton />}
      {roles && roles.length === 0 && (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg" data-testid="roles-empty">
          <EmptyState.Content>
            <EmptyState.Title>{roleTexts.vacio}</EmptyState.Title>
            <EmptyState.Description>Cree el primero con «Nuevo Rol».</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {roles && roles.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="start" data-testid="roles-list">
          {roles.map((role) => (
            <RoleCard key={role.id} role={role} descriptions={descriptions} />
          ))}
        </SimpleGrid>
      )}

      {permissions && <NewRoleDialog dialog={dialog} permissions={grantable} />}
    </Stack>
  );
}
