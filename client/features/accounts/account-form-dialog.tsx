import { Input } from '@chakra-ui/react';
import type { Account } from '../../../shared/accounts/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { AccountFormState } from './use-account-dialog';

/** The 'Nueva Cuenta' / 'Editar Cuenta' modal: one field, the name. */
export function AccountFormDialog({ dialog }: { dialog: EditDialog<Account, AccountFormState, unknown> }) {
  const { form, editing } = dialog;
  return (
    <FormDialog
      open={dialog.open}
      title={editing ? 'Editar Cuenta' : 'Nueva Cuenta'}
      size="md"
      busy={dialog.busy}
      formError={dialog.formError ?? form.errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="account-dialog"
    >
      <FormField label="Nombre" error={form.errors.name} required>
        <Input
          name="name"
          autoComplete="organization"
          value={form.values.name}
          onChange={(e) => form.setValue('name', e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
