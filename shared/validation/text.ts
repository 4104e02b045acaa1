import * as v from 'valibot';

/** A required text field: must be a string and not blank after trimming. One message for missing and blank. */
export const requiredText = (message: string, max = 200) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Máximo ${max} caracteres`));
