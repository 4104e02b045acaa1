import { Input, NativeSelect } from '@chakra-ui/react';
import type { CatalogoEgreso, Egreso } from '../../../shared/egresos/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { EgresoFormState } from './use-egreso-dialog';

const TIPO = { OPERACION: 'Operación', FINANCIERO: 'Financiero', OTROS: 'Otros' } as const;

/** The egreso modal: fecha, importe, responsable and the concept from the account's catalogue (SPEC §5). */
export function EgresoFormDialog({
  dialog,
  catalogo,
  catalogoError,
}: {
  dialog: EditDialog<Egreso, EgresoFormState, unknown>;
  catalogo: readonly CatalogoEgreso[];
  catalogoError: string | null;
}) {
  const { form, editing } = dialog;
  const { values, errors, setValue } = form;
  return (
    <FormDialog
      open={dialog.open}
      title={editing ? 'Editar Egreso' : 'Nuevo Egreso'}
      busy={dialog.busy}
      formError={dialog.formError ?? catalogoError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="egreso-dialog"
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
      <FormField label="Concepto" error={errors.id_catalogo} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="id_catalogo"
            placeholder="Seleccione un concepto"
            value={values.id_catalogo}
            onChange={(e) => setValue('id_catalogo', e.target.value)}
          >
            {catalogo.map((k) => (
              <option key={k.id} value={k.id}>
                {k.concepto} ({TIPO[k.tipo]})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
