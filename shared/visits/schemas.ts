import * as v from 'valibot';
import { promiseDateIssue } from '../date-rules';
import { isIsoDate } from '../dates';
import { optionalLocation } from '../location/schemas';
import { paymentMessages } from '../payments/messages';
import { requiredId } from '../validation/ids';
import { visitMessages as m } from './messages';
import { MOTIVOS_VISITA } from './types';

export const MAX_NOTA_VISITA = 200;

const date = (message: string) => v.pipe(v.string(message), v.check(isIsoDate, message));

const nota = v.optional(
  v.pipe(
    v.nullable(v.string(m.notaLarga)),
    v.transform((text) => text?.trim() || null),
    v.check((text) => text === null || text.length <= MAX_NOTA_VISITA, m.notaLarga),
  ),
  null,
);

/** What the collector chooses in 'No pagó': the form and the mutation share these rules. */
export const visitEntries = {
  // The '' default makes a missing reason get the Spanish message, not valibot's English one.
  motivo: v.pipe(v.optional(v.string(m.motivoRequerido), ''), v.picklist(MOTIVOS_VISITA, m.motivoRequerido)),
  fecha_promesa: v.optional(v.nullable(date(m.fechaPromesaInvalida)), null),
  nota,
};

type VisitFields = { motivo: string; fecha: string; fecha_promesa: string | null; nota: string | null };

/**
 * PROMESA needs its date (not before the visit); OTRO needs a note saying what happened. Shared by the form
 * and the mutation (TypeScript cannot check a path against a generic object, hence `as never`).
 */
const visitRules = <T extends VisitFields>() =>
  [
    v.forward<T, v.CheckIssue<T>, ['fecha_promesa']>(
      v.check((i) => i.motivo !== 'PROMESA' || i.fecha_promesa !== null, m.fechaPromesaRequerida),
      ['fecha_promesa'] as never,
    ),
    v.forward<T, v.RawCheckIssue<T>, ['fecha_promesa']>(
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed || dataset.value.fecha_promesa === null) return;
        const issue = promiseDateIssue(dataset.value.fecha_promesa, dataset.value.fecha);
        if (issue) addIssue({ message: issue });
      }),
      ['fecha_promesa'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, ['nota']>(
      v.check((i) => i.motivo !== 'OTRO' || i.nota !== null, m.notaRequerida),
      ['nota'] as never,
    ),
  ] as const;

const formObject = v.object({ ...visitEntries, fecha: date(m.fechaVisitaInvalida) });
const mutationObject = v.object({
  receiptId: v.pipe(v.string(paymentMessages.reciboInvalido), v.uuid(paymentMessages.reciboInvalido)),
  loanId: requiredId(paymentMessages.prestamoRequerido),
  fecha: date(m.fechaVisitaInvalida),
  ...visitEntries,
  /** Where 'No pagó' was saved, when the account records it (decision 029). */
  ubicacion: optionalLocation,
});

/** The 'No pagó' form on the phone: `fecha` is the phone's business today. */
export const visitFormSchema = v.pipe(formObject, ...visitRules<v.InferOutput<typeof formObject>>());
export type VisitFormInput = v.InferInput<typeof visitFormSchema>;

/** Sync mutation `visit.create` (docs/reglas-del-negocio.md): the form plus its receipt and loan. */
export const visitCreateMutationSchema = v.pipe(
  mutationObject,
  ...visitRules<v.InferOutput<typeof mutationObject>>(),
);
export type VisitCreateMutation = v.InferOutput<typeof visitCreateMutationSchema>;
export type VisitCreateArgs = v.InferInput<typeof visitCreateMutationSchema>;
