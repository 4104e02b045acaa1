import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { Client } from '../../../shared/clients/types';
import type { Municipality } from '../../../shared/municipalities/types';
import { FlagSwitch } from '../../ui/flag-switch';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { ClientFormState } from './use-client-dialog';

/**
 * The 'Nuevo Cliente' / 'Editar Cliente' modal. The municipality select offers the non-deleted ones; a
 * client whose municipality was deleted later keeps it as an extra option (the server allows keeping it).
 */
export function ClientFormDialog({
  dialog,
  municipalities,
  municipalitiesError,
}: {
  dialog: EditDialog<Client, ClientFormState, unknown>;
  municipalities: readonly Municipality[];
  /** The select's list failed to load: said under the select, since the form cannot be completed. */
  municipalitiesError?: string | null;
}) {
  const { form, editing } = dialog;
  const { values, errors, setValue } = form;
  const keepsDeleted =
    editing !== null && !municipalities.some((m) => m.id === editing.municipality_id)
      ? { id: editing.municipality_id, name: `${editing.municipalities?.name ?? 'N/A'} (eliminado)` }
      : null;
  const options = keepsDeleted ? [...municipalities, keepsDeleted] : municipalities;

  return (
    <FormDialog
      open={dialog.open}
      title={editing ? 'Editar Cliente' : 'Nuevo Cliente'}
      size="lg"
      busy={dialog.busy}
      formError={dialog.formError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="client-dialog"
    >
      <FormField label="Nombre" error={errors.nombre} required>
        <Input
          name="nombre"
          autoComplete="off"
          value={values.nombre}
          onChange={(e) => setValue('nombre', e.target.value)}
        />
      </FormField>
      <FormField label="Teléfono" error={errors.telefono} required helperText="De 8 a 15 dígitos">
        <Input
          name="telefono"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={values.telefono}
          onChange={(e) => setValue('telefono', e.target.value)}
        />
      </FormField>
      <FormField
        label="Municipio"
        error={
          errors.municipality_id ??
          (municipalitiesError ? `Error al cargar los municipios: ${municipalitiesError}` : undefined)
        }
        required
      >
        <NativeSelect.Root>
          <NativeSelect.Field
            name="municipality_id"
            placeholder="Seleccione un municipio"
            value={values.municipality_id}
            onChange={(e) => setValue('municipality_id', e.target.value)}
          >
            {options.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        <FlagSwitch
          label="Coordinadora"
          checked={values.coordinadora}
          onChange={(checked) => setValue('coordinadora', checked)}
        />
        <FlagSwitch
          label="Empleado"
          checked={values.empleado}
          onChange={(checked) => setValue('empleado', checked)}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
