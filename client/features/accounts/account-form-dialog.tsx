import type { Account } from '../../../shared/accounts/types';
import type { FieldSpec } from '../../ui/field-spec';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { AccountFormState } from './use-account-dialog';

const fields: readonly FieldSpec<AccountFormState>[] = [
  { kind: 'text', name: 'name', label: 'Nombre', autoComplete: 'organization' },
];

/** The 'Nueva Cuenta' / 'Editar Cuenta' modal: one field, the name. */
export function AccountFormDialog({ dialog }: { dialog: EditDialog<Account, AccountFormState, unknown> }) {
  return (
    <SchemaFormDialog
      dialog={dialog}
      title={{ create: 'Nueva Cuenta', edit: 'Editar Cuenta' }}
      testId="account-dialog"
      fields={fields}
    />
  );
}
