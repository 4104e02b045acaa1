import { accountSchema } from '../../../shared/accounts/schemas';
import type { Account } from '../../../shared/accounts/types';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';
import { accountTexts } from './account-texts';

export interface AccountFormState extends Record<string, unknown> {
  name: string;
}

/**
 * 'Nueva Cuenta' (POST /accounts) and 'Editar Cuenta' (PUT /accounts/:id) with the docs/producto.md §8 toasts. A
 * duplicate name (409) is said under the name field, like a validation message.
 */
export function useAccountDialog(onSaved: () => unknown) {
  return useEditDialog({
    schema: accountSchema,
    emptyValues: { name: '' } as AccountFormState,
    toValues: (a: Account): AccountFormState => ({ name: a.name }),
    save: saveTo({ create: 'accounts', update: (a: Account) => `accounts/${a.id}`, conflictOn: 'name' }),
    messages: {
      created: accountTexts.creada,
      updated: accountTexts.actualizada,
      saveError: accountTexts.guardarError,
    },
    onSaved,
  });
}
