import * as v from 'valibot';

/** A select's value as an id: a positive integer sent as a number or as a numeric string; NaN otherwise. */
export function parseSelectId(value: unknown): number {
  let n = Number.NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : Number.NaN;
}

/** A required id. Missing, null, '' and anything that is not a positive integer all get `message`. */
export const requiredId = (message: string) =>
  // The '' default makes a missing key run the pipe too, so it gets `message` rather than valibot's English one.
  v.optional(v.pipe(v.unknown(), v.transform(parseSelectId), v.number(message)), '');

/** A nullable id: null and '' (an empty select) become null; anything else must be a valid id. */
export const nullableId = (message: string) =>
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      value === null || value === undefined || value === '' ? null : parseSelectId(value),
    ),
    v.nullable(v.number(message)),
  );

/** An optional id: missing, null and '' become null. */
export const optionalId = (message: string) => v.optional(nullableId(message), null);
