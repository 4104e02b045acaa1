import type { Permission } from '../permissions';

/** A role as GET /list-roles sends it (docs/producto.md §7). */
export interface Role {
  id: number;
  role_name: string;
  permissions: Permission[];
}

/** A row of GET /list-permissions (docs/producto.md §7). */
export interface PermissionItem {
  permission: Permission;
  description: string;
}
