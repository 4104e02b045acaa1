import { municipalitySchema } from '../../../shared/municipalities/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import { saveTo } from '../../ui/save-to';
import { useEditDialog } from '../../ui/use-edit-dialog';

export interface MunicipalityFormState extends Record<string, unknown> {
  name: string;
  /** '' until a day is chosen, then one of COLLECTION_DAYS. */
  collection_day: string;
}

const EMPTY: MunicipalityFormState = { name: '', collection_day: '' };

const toValues = (m: Municipality): MunicipalityFormState => ({
  name: m.name,
  collection_day: m.collection_day,
});

/**
 * Create (POST /municipalities) and edit (PUT /municipalities/:id). Both send name and day, so the full
 * create schema validates the edit too (PUT accepts the same two keys).
 */
export function useMunicipalityDialog(onSaved: () => unknown) {
  return useEditDialog({
    schema: municipalitySchema,
    emptyValues: EMPTY,
    toValues,
    save: saveTo({ create: 'municipalities', update: (m: Municipality) => `municipalities/${m.id}` }),
    messages: {
      created: 'Municipio creado exitosamente',
      updated: 'Municipio actualizado exitosamente',
      saveError: 'Error al guardar el municipio',
    },
    onSaved,
  });
}
