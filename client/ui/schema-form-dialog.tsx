import type { ModalSize } from './dialog-frame';
import type { FieldSpec } from './field-spec';
import { FormDialog } from './form-dialog';
import { SchemaFields } from './schema-fields';
import type { EditDialog } from './use-edit-dialog';

/**
 * The create/edit modal of a catalogue screen, declared: a title per mode and the fields (FieldSpec),
 * driven by a useEditDialog. The shared schema's messages show under the fields on 'Guardar' (and a
 * server 400's `details` the same way); a failed save keeps every typed value.
 *
 *   <SchemaFormDialog dialog={dialog} title={{ create: 'Nuevo Municipio', edit: 'Editar Municipio' }}
 *     testId="municipality-dialog" fields={[{ kind: 'text', name: 'name', label: 'Nombre' }, …]} />
 */
export function SchemaFormDialog<Row, V extends Record<string, unknown>>({
  dialog,
  title,
  fields,
  size = 'md',
  testId,
  formError,
}: {
  dialog: EditDialog<Row, V, unknown>;
  /** One title, or 'Nuevo …' / 'Editar …' by mode. */
  title: string | { create: string; edit: string };
  fields: readonly FieldSpec<NoInfer<V>>[];
  size?: ModalSize;
  testId: string;
  /** A message for the whole form that the screen knows of (the form's catalogue failed to load). */
  formError?: string | null;
}) {
  const { form, editing } = dialog;
  return (
    <FormDialog
      open={dialog.open}
      title={typeof title === 'string' ? title : editing === null ? title.create : title.edit}
      size={size}
      busy={dialog.busy}
      formError={dialog.formError ?? formError ?? form.errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId={testId}
    >
      <SchemaFields form={form} fields={fields} />
    </FormDialog>
  );
}
