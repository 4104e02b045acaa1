import { Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { TIPO_INVERSION_LABELS, TIPOS_INVERSION } from '../../../shared/inversiones/schemas';
import type { Inversion } from '../../../shared/inversiones/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { InversionFormState } from './use-inversion-dialog';

/** The 'Nueva Inversión' modal (SPEC §5): fecha, importe, responsable, tipo, descripción. */
export function InversionFormDialog({
  dialog,
}: {
  dialog: EditDialog<Inversion, InversionFormState, unknown>;
}) {
  const { values, errors, setValue } = dialog.form;
  return (
    <FormDialog
      open={dialog.open}
      title="Nueva Inversión"
      busy={dialog.busy}
      formError={dialog.formError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="inversion-dialog"
    >
      <FormField label="Fecha" error={errors.fecha} required>
        <Input
          type="date"
          name="fecha"
          value={values.fecha}
          onChange={(e) => setValue('fecha', e.target.value)}
        />
      </FormField>
      <FormField label="Importe" error={errors.importe} required>
        <Input
          name="importe"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={values.importe}
          onChange={(e) => setValue('importe', e.target.value)}
        />
      </FormField>
      <FormField label="Responsable" error={errors.responsable} required>
        <Input
          name="responsable"
          autoComplete="off"
          value={values.responsable}
          onChange={(e) => setValue('responsable', e.target.value)}
        />
      </FormField>
      <FormField
        label="Tipo"
        error={errors.tipo}
        required
        helperText="Un retiro es dinero que sale del negocio."
      >
        <NativeSelect.Root>
          <NativeSelect.Field
            name="tipo"
            placeholder="Seleccione un tipo"
            value={values.tipo}
            onChange={(e) => setValue('tipo', e.target.value)}
          >
            {TIPOS_INVERSION.map((t) => (
              <option key={t} value={t}>
                {TIPO_INVERSION_LABELS[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Descripción" error={errors.descripcion} required>
        <Textarea
          name="descripcion"
          rows={3}
          value={values.descripcion}
          onChange={(e) => setValue('descripcion', e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
