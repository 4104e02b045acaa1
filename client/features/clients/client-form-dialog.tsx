import type { Client } from '../../../shared/clients/types';
import type { Municipality } from '../../../shared/municipalities/types';
import type { FieldSpec } from '../../ui/field-spec';
import { SchemaFormDialog } from '../../ui/schema-form-dialog';
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
  const { editing } = dialog;
  const keepsDeleted =
    editing !== null && !municipalities.some((m) => m.id === editing.municipality_id)
      ? { id: editing.municipality_id, name: `${editing.municipalities?.name ?? 'N/A'} (eliminado)` }
      : null;
  const options = keepsDeleted ? [...municipalities, keepsDeleted] : municipalities;
  const fields: FieldSpec<ClientFormState>[] = [
    { kind: 'text', name: 'nombre', label: 'Nombre' },
    { kind: 'tel', name: 'telefono', label: 'Teléfono', helperText: 'De 8 a 15 dígitos' },
    {
      kind: 'select',
      name: 'municipality_id',
      label: 'Municipio',
      placeholder: 'Seleccione un municipio',
      options: options.map((m) => ({ value: String(m.id), label: m.name })),
      error: municipalitiesError ? `Error al cargar los municipios: ${municipalitiesError}` : null,
    },
    {
      kind: 'flags',
      flags: [
        { name: 'coordinadora', label: 'Coordinadora' },
        { name: 'empleado', label: 'Empleado' },
      ],
    },
  ];
  return (
    <SchemaFormDialog
      dialog={dialog}
      title={{ create: 'Nuevo Cliente', edit: 'Editar Cliente' }}
      size="lg"
      testId="client-dialog"
      fields={fields}
    />
  );
}
