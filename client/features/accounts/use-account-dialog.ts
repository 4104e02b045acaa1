import { accountSchema } from '../../../shared/accounts/schemas';
import type { Account } from '../../../shared/accounts/types';
import { apiPost, apiPut } from '../../session/api-client';
import { conflictOnField } from '../../session/conflict-on-field';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { accountTexts } from './account-texts';

export interface AccountFormState extends Record<string, unknown> {
  name: string;
}

// A duplicate name (409) is said under the name field, like a validation message.
const nameConflict = (error: unknown) => {
  throw conflictOnField(error, 'name');
};

/** 'Nueva Cuenta' (POST /accounts) and 'Editar Cuenta' (PUT /accounts/:id) with the SPEC §8 toasts. */
export function useAccountDialog(onSaved: () => void) {
  return useEditDialog({
    schema: accountSchema,
    emptyValues: { name: '' } as AccountFormState,
    toValues: (a: Account): AccountFormState => ({ name: a.name }),
    save: (payload, editing) =>
      (editing === null
        ? apiPost<{ data: Account }>('accounts', payload)
        : apiPut<{ data: Account }>(`accounts/${editing.id}`, payload)
      ).catch(nameConflict),
    messages: {
      created: accountTexts.creada,
      updated: accountTexts.actualizada,
      saveError: accountTexts.guardarError,
    },
    onSaved,
  });
}
