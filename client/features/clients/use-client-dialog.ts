import { clientSchema } from '../../../shared/clients/schemas';
import type { Client } from '../../../shared/clients/types';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';

/** The form's own values: the select holds the municipality id as text until the schema reads it. */
export interface ClientFormState extends Record<string, unknown> {
  nombre: string;
  telefono: string;
  municipality_id: string;
  coordinadora: boolean;
  empleado: boolean;
}

const EMPTY: ClientFormState = {
  nombre: '',
  telefono: '',
  municipality_id: '',
  coordinadora: false,
  empleado: false,
};

const toValues = (c: Client): ClientFormState => ({
  nombre: c.nombre,
  telefono: c.telefono,
  municipality_id: String(c.municipality_id),
  coordinadora: c.coordinadora,
  empleado: c.empleado,
});

/** Create (POST /add-client) and edit (PUT /clients/:id) with the docs/producto.md §8 toasts. */
export function useClientDialog(onSaved: (saved: { nombre: string }) => void) {
  return useEditDialog({
    schema: clientSchema,
    emptyValues: EMPTY,
    toValues,
    save: saveTo({ create: 'add-client', update: (c: Client) => `clients/${c.id}` }),
    messages: {
      created: 'Cliente creado exitosamente',
      updated: 'Cliente actualizado exitosamente',
      saveError: 'Error al guardar el cliente',
    },
    onSaved,
  });
}
