import * as v from 'valibot';
import { requiredText } from '../validation/text';
import { municipalityMessages as m } from './messages';

/** Collection days (docs/producto.md §3, §9: Monday to Friday), with the labels the screens show. */
export const COLLECTION_DAYS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES'] as const;
export type CollectionDay = (typeof COLLECTION_DAYS)[number];

export const COLLECTION_DAY_LABELS: Record<CollectionDay, string> = {
  LUNES: 'Lunes',
  MARTES: 'Martes',
  MIERCOLES: 'Miércoles',
  JUEVES: 'Jueves',
  VIERNES: 'Viernes',
};

const name = requiredText(m.nombreRequerido, 120);
// ' lunes ' is read as LUNES; anything else, blank included, is "required" (the form offers a select).
const collectionDay = v.pipe(
  v.string(m.diaRequerido),
  v.trim(),
  v.toUpperCase(),
  v.picklist(COLLECTION_DAYS, m.diaRequerido),
);

/** POST /municipalities. Missing keys default to '' so they get the Spanish message, not valibot's. */
export const municipalitySchema = v.object({
  name: v.optional(name, ''),
  collection_day: v.optional(collectionDay, ''),
});
export type MunicipalityInput = v.InferOutput<typeof municipalitySchema>;

/**
 * PUT /municipalities/:id: the edit form sends name and collection_day; docs/producto.md §7 also uses it for the soft
 * delete (`{ delete: true }`) and `{ delete: false }` restores. Absent keys are left unchanged.
 */
export const municipalityUpdateSchema = v.pipe(
  v.object({
    name: v.optional(name),
    collection_day: v.optional(collectionDay),
    delete: v.optional(v.boolean(m.deleteInvalido)),
  }),
  v.check(
    (input) => input.name !== undefined || input.collection_day !== undefined || input.delete !== undefined,
    m.sinCambios,
  ),
);
export type MunicipalityUpdateInput = v.InferOutput<typeof municipalityUpdateSchema>;

/** GET /municipalities?delete=true|false (default false: docs/producto.md §4 lists load delete=false). */
export const municipalityListQuerySchema = v.object({
  delete: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], m.filtroDeleteInvalido),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
});
