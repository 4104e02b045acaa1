import * as v from 'valibot';
import { ALL_PERMISSIONS, type Permission } from '../permissions';
import { optionalId } from '../validation/ids';
import { requiredText } from '../validation/text';
import { roleMessages as m } from './messages';

/** Role names are stored upper-case (docs/producto.md §2: the field is forced to uppercase). */
export const normalizeRoleName = (name: string) => name.trim().toUpperCase();

/** Selected permissions, without repeats, in catalogue order. */
const sortPermissions = (list: Permission[]): Permission[] =>
  ALL_PERMISSIONS.filter((permission) => list.includes(permission));

/** POST /create-role: role_name and permissions (docs/producto.md §7). */
export const createRoleSchema = v.object({
  // The defaults make a missing key fail with the Spanish message instead of valibot's English one.
  role_name: v.optional(v.pipe(requiredText(m.nombreRequerido, 60), v.transform(normalizeRoleName)), ''),
  permissions: v.optional(
    v.pipe(
      v.array(v.picklist(ALL_PERMISSIONS, m.permisoInvalido), m.permisoRequerido),
      v.minLength(1, m.permisoRequerido),
      v.transform(sortPermissions),
    ),
    [],
  ),
  /** Not in SPEC: lets a CUENTAS_GESTIONAR user create a role in another account (for its first users). */
  account_id: optionalId(m.cuentaInvalida),
});
export type CreateRoleInput = v.InferOutput<typeof createRoleSchema>;

/** GET /list-roles?accountId= (another account only with CUENTAS_GESTIONAR). */
export const listRolesQuerySchema = v.object({
  accountId: v.optional(
    v.pipe(v.string(m.cuentaInvalida), v.regex(/^\d{1,15}$/, m.cuentaInvalida), v.transform(Number)),
  ),
});
