import { registerUserSchema, updateUserSchema } from '../../../shared/users/schemas';
import type { UserListItem } from '../../../shared/users/types';
import { saveTo } from '../../ui/save-to';
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

/**
 * 'Nuevo Usuario' (POST /register-user) and 'Editar' (PUT /users/:id, where an empty password is left out
 * by the schema, docs/producto.md §5). New users start in `defaultAccountId`, the signed-in user's account. A duplicate
 * email (409) is said under the email field, like a validation message.
 */
export function useUserDialog(defaultAccountId: number, onSaved: () => unknown) {
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
    save: saveTo({
      create: 'register-user',
      update: (u: UserListItem) => `users/${u.id}`,
      conflictOn: 'email',
    }),
    messages: {
      created: userTexts.creado,
      updated: userTexts.actualizado,
      saveError: userTexts.guardarError,
    },
    onSaved,
  });
}
