import { Stack, Text } from '@chakra-ui/react';
import type * as v from 'valibot';
import type { Permission } from '../../../shared/permissions';
import type { createRoleSchema } from '../../../shared/roles/schemas';
import type { PermissionItem, Role } from '../../../shared/roles/types';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import { PermissionChecklist } from './permission-checklist';
import { SelectedPermissionChips } from './selected-permission-chips';

export interface RoleFormValues extends Record<string, unknown> {
  role_name: string;
  permissions: Permission[];
  /** The account the role is created in (another one only with CUENTAS_GESTIONAR). */
  account_id: number | null;
}

export type RoleDialog = EditDialog<Role, RoleFormValues, v.InferOutput<typeof createRoleSchema>>;

/** docs/producto.md §2 'Nuevo Rol': the name (forced to upper case) and a permission checklist with removable chips. */
export function NewRoleDialog({
  dialog,
  permissions,
}: {
  dialog: RoleDialog;
  permissions: PermissionItem[];
}) {
  const { form } = dialog;
  const selected = form.values.permissions;
  const permissionsError = form.errors.permissions;
  const setSelected = (list: Permission[]) => form.setValue('permissions', list);
  return (
    <SchemaFormDialog
      dialog={dialog}
      title="Nuevo Rol"
      size="lg"
      testId="role-dialog"
      fields={[
        {
          kind: 'text',
          name: 'role_name',
          label: 'Nombre del Rol',
          placeholder: 'Ej. SUPERVISOR',
          size: 'lg',
          upperCase: true,
        },
        {
          kind: 'custom',
          key: 'permissions',
          node: (
            <Stack gap="2" role="group" aria-labelledby="role-permissions-label">
              <Text id="role-permissions-label" fontWeight="medium" fontSize="sm">
                Permisos
              </Text>
              <SelectedPermissionChips
                selected={selected}
                onRemove={(p) => setSelected(selected.filter((x) => x !== p))}
              />
              <PermissionChecklist
                permissions={permissions}
                value={selected}
                onChange={setSelected}
                invalid={Boolean(permissionsError)}
              />
              {permissionsError && (
                <Text color="fg.error" fontSize="xs" role="alert" data-testid="field-error">
                  {permissionsError}
                </Text>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}
