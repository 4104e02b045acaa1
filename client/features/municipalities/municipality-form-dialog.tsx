import { COLLECTION_DAY_LABELS, COLLECTION_DAYS } from '../../../shared/municipalities/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import type { FieldSpec } from '../../ui/field-spec';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import type { MunicipalityFormState } from './use-municipality-dialog';

/** Name and collection day (Monday to Friday, docs/producto.md §9). */
const fields: readonly FieldSpec<MunicipalityFormState>[] = [
  { kind: 'text', name: 'name', label: 'Nombre' },
  {
    kind: 'select',
    name: 'collection_day',
    label: 'Día de Cobro',
    placeholder: 'Seleccione un día',
    options: COLLECTION_DAYS.map((day) => ({ value: day, label: COLLECTION_DAY_LABELS[day] })),
  },
];

/** The 'Nuevo Municipio' / 'Editar Municipio' modal. */
export function MunicipalityFormDialog({
  dialog,
}: {
  dialog: EditDialog<Municipality, MunicipalityFormState, unknown>;
}) {
  return (
    <SchemaFormDialog
      dialog={dialog}
      title={{ create: 'Nuevo Municipio', edit: 'Editar Municipio' }}
      testId="municipality-dialog"
      fields={fields}
    />
  );
}
