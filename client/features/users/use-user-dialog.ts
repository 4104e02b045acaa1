import { registerUserSchema, updateUserSchema } from '../../../shared/users/schemas';
import type { UserListItem } from '../../../shared/users/types';
import { apiPost, apiPut } from '../../session/api-client';
import { conflictOnField } from '../../session/conflict-on-field';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { userTexts } from './user-texts';

/** The form's own values: the selects hold ids as text until the schema reads them ('' = none). */
export interface UserFormState extends Record<string, unknown> {
  name: string;
  email: string;
  password: string;
  account_id: string;
  role_id: string;
  /** null: 'Todos' (every municipality of the account). */
  municipios: number[] | null;
}

const toValues = (u: UserListItem): UserFormState => ({
  name: u.name,
  email: u.email,
  password: '',
  account_id: String(u.account_id),
  role_id: u.role_id === null ? '' : String(u.role_id),
  municipios: u.municipios,
});

// A duplicate email (409) is said under the email field, like a validation message.
const emailConflict = (error: unknown) => {
  throw conflictOnField(error, 'email');
};

/**
 * 'Nuevo Usuario' (POST /register-user) and 'Editar' (PUT /users/:id, where an empty password is left out
 * by the schema, SPEC §5). New users start in `defaultAccountId`, the signed-in user's account.
 */
export function useUserDialog(defaultAccountId: number, onSaved: () => void) {
  return useEditDialog({
    schema: (editing: UserListItem | null) => (editing === null ? registerUserSchema : updateUserSchema),
    emptyValues: {
      name: '',
      email: '',
      password: '',
      account_id: String(defaultAccountId),
      role_id: '',
      municipios: null,
    },
    toValues,
    save: (payload, editing) =>
      (editing === null
        ? apiPost<{ data: UserListItem }>('register-user', payload)
        : apiPut<{ data: UserListItem }>(`users/${editing.id}`, payload)
      ).catch(emailConflict),
    messages: {
      created: userTexts.creado,
      updated: userTexts.actualizado,
      saveError: userTexts.guardarError,
    },
    onSaved,
  });
}
