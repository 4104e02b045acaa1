import type { PermissionItem, Role } from '../../../shared/roles/types';
import { useApiData } from '../../session/use-api-data';

/**
 * The account's roles and the permission catalogue (the cards show each permission's description).
 * `accountId` is another account's only with CUENTAS_GESTIONAR (the server checks it).
 */
export function useRolesData(accountId: number | null) {
  const roles = useApiData<{ data: Role[] }>('list-roles', { accountId });
  const permissions = useApiData<{ data: PermissionItem[] }>('list-permissions');
  return {
    roles: roles.data?.data ?? null,
    permissions: permissions.data?.data ?? null,
    error: roles.error ?? permissions.error,
    /** Which list failed: the roles, or the permission catalogue. */
    permissionsFailed: roles.error === null && permissions.error !== null,
    loading: roles.loading || permissions.loading,
    reload: () => {
      roles.reload();
      if (!permissions.data) permissions.reload();
    },
    reloadRoles: roles.reload,
  };
}
