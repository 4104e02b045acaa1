import { Input, Stack, Text } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import type * as v from 'valibot';
import type { Permission } from '../../../shared/permissions';
import type { createRoleSchema } from '../../../shared/roles/schemas';
import type { PermissionItem, Role } from '../../../shared/roles/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
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

/** Upper-cases as the user types without throwing the caret to the end (SPEC §2: forced to uppercase). */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

/** SPEC §2 'Nuevo Rol': the name and a permission checklist with removable chips and their count. */
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
  return (
    <FormDialog
      open={dialog.open}
      title="Nuevo Rol"
      size="lg"
      busy={dialog.busy}
      formError={dialog.formError}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="role-dialog"
    >
      <FormField label="Nombre del Rol" required error={form.errors.role_name}>
        <Input
          name="role_name"
          value={form.values.role_name}
          onChange={(event) => form.setValue('role_name', upperCaseInPlace(event))}
          placeholder="Ej. SUPERVISOR"
          autoComplete="off"
          size="lg"
        />
      </FormField>
      <Stack gap="2" role="group" aria-labelledby="role-permissions-label">
        <Text id="role-permissions-label" fontWeight="medium" fontSize="sm">
          Permisos
        </Text>
        <SelectedPermissionChips
          selected={selected}
          onRemove={(p) =>
            form.setValue(
              'permissions',
              selected.filter((x) => x !== p),
            )
          }
        />
        <PermissionChecklist
          permissions={permissions}
          value={selected}
          onChange={(list) => form.setValue('permissions', list)}
          invalid={Boolean(permissionsError)}
        />
        {permissionsError && (
          <Text color="fg.error" fontSize="xs" role="alert" data-testid="field-error">
            {permissionsError}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
