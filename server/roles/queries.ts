import { ALL_PERMISSIONS, isPermission, PERMISSIONS, type Permission } from '../../shared/permissions';
import type { PermissionItem, Role } from '../../shared/roles/types';
import type { Db, Sql } from '../db/connect';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';

/** Catalogue order (PRESTAMOS_VER first), not alphabetical, so screens group related permissions. */
const byCatalogue = (a: string, b: string) =>
  ALL_PERMISSIONS.indexOf(a as Permission) - ALL_PERMISSIONS.indexOf(b as Permission);

/**
 * Idempotent: makes the permissions table hold every permission of shared/permissions.ts with its current
 * description. Roles reference it (foreign key), and GET /list-permissions reads it. One statement; rows
 * already up to date are not rewritten.
 */
export async function ensurePermissionCatalogue(db: Db): Promise<void> {
  const names = Object.keys(PERMISSIONS);
  const descriptions = Object.values(PERMISSIONS);
  await db`insert into permissions (permission, description)
    select * from unnest(${names}::text[], ${descriptions}::text[])
    on conflict (permission) do update set description = excluded.description
      where permissions.description is distinct from excluded.description`;
}

/** Only permissions the code knows: a retired one left in the table cannot be granted any more. */
export async function listPermissions(db: Db): Promise<PermissionItem[]> {
  const rows = await db<{ permission: string; description: string }[]>`
    select permission, description from permissions`;
  return rows
    .filter((row): row is PermissionItem => isPermission(row.permission))
    .sort((a, b) => byCatalogue(a.permission, b.permission));
}

interface RoleRow {
  id: number;
  role_name: string;
  permissions: string[];
}

const toRole = (row: RoleRow): Role => ({
  id: row.id,
  role_name: row.role_name,
  permissions: row.permissions.filter(isPermission).sort(byCatalogue),
});

const roleSelect = (db: Db, accountId: number) => db`
  select r.id, r.role_name,
    array(select rp.permission from role_permissions rp where rp.role_id = r.id) as permissions
  from roles r
  where r.account_id = ${accountId}`;

export async function listRoles(db: Db, accountId: number): Promise<Role[]> {
  const rows = await db<RoleRow[]>`${roleSelect(db, accountId)} order by r.role_name, r.id`;
  return rows.map(toRole);
}

/** Scoped: a role of another account is not found. */
export async function findRole(db: Db, accountId: number, id: number): Promise<Role | undefined> {
  const [row] = await db<RoleRow[]>`${roleSelect(db, accountId)} and r.id = ${id}`;
  return row && toRole(row);
}

/** The role with its permissions, in one transaction; 'duplicate' when the account already has the name. */
export async function insertRole(
  sql: Sql,
  accountId: number,
  input: { role_name: string; permissions: Permission[] },
): Promise<number | 'duplicate'> {
  try {
    return await sql.begin(async (tx) => {
      const [role] = await tx<{ id: number }[]>`insert into roles (account_id, role_name)
        values (${accountId}, ${input.role_name}) returning id`;
      const roleId = role!.id;
      await tx`insert into role_permissions (role_id, permission)
        select ${roleId}, unnest(${input.permissions}::text[])`;
      return roleId;
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) return 'duplicate';
    throw err;
  }
}
