import type { CatalogoEgreso, Egreso } from '../../../shared/egresos/types';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
import type { EditDialog } from '../../ui/use-edit-dialog';
import { movementFields } from './movement-fields';
import type { EgresoFormState } from './use-egreso-dialog';

const TIPO = { OPERACION: 'Operación', FINANCIERO: 'Financiero', OTROS: 'Otros' } as const;

/** The egreso modal: fecha, importe, responsable and the concept from the account's catalogue (docs/producto.md §5). */
export function EgresoFormDialog({
  dialog,
  catalogo,
  catalogoError,
}: {
  dialog: EditDialog<Egreso, EgresoFormState, unknown>;
  catalogo: readonly CatalogoEgreso[];
  catalogoError: string | null;
}) {
  return (
    <SchemaFormDialog
      dialog={dialog}
      title={{ create: 'Nuevo Egreso', edit: 'Editar Egreso' }}
      testId="egreso-dialog"
      formError={catalogoError}
      fields={[
        ...movementFields,
        {
          kind: 'select',
          name: 'id_catalogo',
          label: 'Concepto',
          placeholder: 'Seleccione un concepto',
          options: catalogo.map((k) => ({ value: String(k.id), label: `${k.concepto} (${TIPO[k.tipo]})` })),
        },
      ]}
    />
  );
}
