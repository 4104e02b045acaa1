import { Input, NativeSelect } from '@chakra-ui/react';
import { COLLECTION_DAY_LABELS, COLLECTION_DAYS } from '../../../shared/municipalities/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { MunicipalityFormState } from './use-municipality-dialog';

/** The 'Nuevo Municipio' / 'Editar Municipio' modal: name and collection day (Monday to Friday, SPEC §9). */
export function MunicipalityFormDialog({
  dialog,
}: {
  dialog: EditDialog<Municipality, MunicipalityFormState, unknown>;
}) {
  const { form, editing } = dialog;
  const { values, errors, setValue } = form;
  return (
    <FormDialog
      open={dialog.open}
      title={editing ? 'Editar Municipio' : 'Nuevo Municipio'}
      size="md"
      busy={dialog.busy}
      formError={dialog.formError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="municipality-dialog"
    >
      <FormField label="Nombre" error={errors.name} required>
        <Input
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={(e) => setValue('name', e.target.value)}
        />
      </FormField>
      <FormField label="Día de Cobro" error={errors.collection_day} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="collection_day"
            placeholder="Seleccione un día"
            value={values.collection_day}
            onChange={(e) => setValue('collection_day', e.target.value)}
          >
            {COLLECTION_DAYS.map((day) => (
              <option key={day} value={day}>
                {COLLECTION_DAY_LABELS[day]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
