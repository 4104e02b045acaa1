import { businessToday } from '../../../shared/dates';
import { egresoMessages as m } from '../../../shared/egresos/messages';
import { egresoBody, egresoSchema } from '../../../shared/egresos/schemas';
import type { Egreso } from '../../../shared/egresos/types';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';

export interface EgresoFormState extends Record<string, unknown> {
  fecha: string;
  importe: string;
  responsable: string;
  id_catalogo: string;
}

const toValues = (e: Egreso): EgresoFormState => ({
  fecha: e.fecha,
  importe: e.importe.toFixed(2),
  responsable: e.responsable,
  id_catalogo: String(e.catalogo_egreso_id),
});

/** 'Nuevo Egreso' (POST guardar-egreso) and 'Editar Egreso' (PUT egresos/{id}), one payload (docs/producto.md §7). */
export function useEgresoDialog(onSaved: () => unknown) {
  return useEditDialog({
    schema: egresoSchema,
    emptyValues: { fecha: businessToday(), importe: '', responsable: '', id_catalogo: '' } as EgresoFormState,
    toValues,
    save: saveTo({ create: 'guardar-egreso', update: (e: Egreso) => `egresos/${e.id}`, body: egresoBody }),
    messages: {
      created: m.registrado,
      updated: m.actualizado,
      saveError: (editing) => (editing === null ? m.errorRegistrar : m.errorActualizar),
    },
    onSaved,
  });
}
