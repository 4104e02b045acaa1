import { businessToday } from '../../../shared/dates';
import { inversionMessages as m } from '../../../shared/inversiones/messages';
import { inversionBody, inversionSchema } from '../../../shared/inversiones/schemas';
import type { Inversion } from '../../../shared/inversiones/types';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';

export interface InversionFormState extends Record<string, unknown> {
  fecha: string;
  importe: string;
  responsable: string;
  tipo: string;
  descripcion: string;
}

/** 'Nueva Inversión' (POST guardar-inversion). Investments are never edited (docs/producto.md §4). */
export function useInversionDialog(onSaved: () => unknown) {
  return useEditDialog({
    schema: inversionSchema,
    emptyValues: {
      fecha: businessToday(),
      importe: '',
      responsable: '',
      tipo: '',
      descripcion: '',
    } as InversionFormState,
    toValues: (i: Inversion): InversionFormState => ({
      fecha: i.fecha,
      importe: i.importe.toFixed(2),
      responsable: i.responsable,
      tipo: i.tipo,
      descripcion: i.descripcion,
    }),
    save: saveTo({ create: 'guardar-inversion', body: inversionBody }),
    messages: { created: m.registrada, updated: m.registrada, saveError: m.errorRegistrar },
    onSaved,
  });
}
