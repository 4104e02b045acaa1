import { clientSchema } from '../../../shared/clients/schemas';
import type { AddClientResponse, Client } from '../../../shared/clients/types';
import { apiPost, apiPut } from '../../session/api-client';
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

/** Create (POST /add-client) and edit (PUT /clients/:id) with the SPEC §8 toasts. */
export function useClientDialog(onSaved: (saved: { nombre: string }) => void) {
  return useEditDialog({
    schema: clientSchema,
    emptyValues: EMPTY,
    toValues,
    save: (payload, editing: Client | null) =>
      editing === null
        ? apiPost<AddClientResponse>('add-client', payload)
        : apiPut<{ data: Client }>(`clients/${editing.id}`, payload),
    messages: {
      created: 'Cliente creado exitosamente',
      updated: 'Cliente actualizado exitosamente',
      saveError: 'Error al guardar el cliente',
    },
    onSaved,
  });
}
