import { TIPO_INVERSION_LABELS, TIPOS_INVERSION } from '../../../shared/inversiones/schemas';
import type { Inversion } from '../../../shared/inversiones/types';
import type { FieldSpec } from '../../ui/field-spec';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import { movementFields } from '../egresos/movement-fields';
import type { InversionFormState } from './use-inversion-dialog';

const fields: readonly FieldSpec<InversionFormState>[] = [
  ...movementFields,
  {
    kind: 'select',
    name: 'tipo',
    label: 'Tipo',
    placeholder: 'Seleccione un tipo',
    helperText: 'Un retiro es dinero que sale del negocio.',
    options: TIPOS_INVERSION.map((t) => ({ value: t, label: TIPO_INVERSION_LABELS[t] })),
  },
  { kind: 'textarea', name: 'descripcion', label: 'Descripción' },
];

/** The 'Nueva Inversión' modal (docs/producto.md §5): fecha, importe, responsable, tipo, descripción. */
export function InversionFormDialog({
  dialog,
}: {
  dialog: EditDialog<Inversion, InversionFormState, unknown>;
}) {
  return (
    <SchemaFormDialog dialog={dialog} title="Nueva Inversión" testId="inversion-dialog" fields={fields} />
  );
}
