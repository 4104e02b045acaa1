import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../session/api-error';

/** Field name → its Spanish message. '_' holds a message for the whole form (a schema-level check). */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, keyed like the server's `details` (valibot dot path), so both look alike. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface SchemaForm<TValues, TOutput> {
  values: TValues;
  errors: FieldErrors;
  /** Sets one field and clears its message (the user is fixing it). */
  setValue: <K extends keyof TValues & string>(name: K, value: TValues[K]) => void;
  /** New values (opening the form for another row), no messages. */
  reset: (values: TValues) => void;
  /** Runs the shared schema: the parsed payload, or null with the messages shown. */
  validate: () => TOutput | null;
  /**
   * Puts a server 400's `details` onto the fields. True when the error had details (they are now on
   * screen); false for anything else, which the caller reports (toast, offline message).
   */
  applyServerError: (error: unknown) => boolean;
  setErrors: (errors: FieldErrors) => void;
}

/**
 * Form state validated by the same valibot schema the server uses (STYLE: one schema per payload), so the
 * messages next to the fields are the server's own, e.g. 'El teléfono debe tener entre 8 y 15 dígitos'.
 * Keep every schema key in `initial` ('' for blank) so a missing key never yields valibot's English text.
 *
 *   const form = useSchemaForm(clientSchema, { nombre: '', telefono: '', municipality_id: '', … });
 *   const payload = form.validate(); if (!payload) return;
 *   try { await apiPost('add-client', payload) } catch (e) { if (!form.applyServerError(e)) toastError(…) }
 */
export function useSchemaForm<TSchema extends v.GenericSchema, TValues extends Record<string, unknown>>(
  schema: TSchema,
  initial: TValues,
): SchemaForm<TValues, v.InferOutput<TSchema>> {
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setValue = useCallback(<K extends keyof TValues & string>(name: K, value: TValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (current[name] === undefined && current._ === undefined) return current;
      const { [name]: _field, _: _form, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback((next: TValues) => {
    setValues(next);
    setErrors({});
  }, []);

  const validate = (): v.InferOutput<TSchema> | null => {
    const result = v.safeParse(schema, values);
    if (result.success) {
      setErrors({});
      return result.output;
    }
    setErrors(issuesToFieldErrors(result.issues));
    return null;
  };

  const applyServerError = useCallback((error: unknown): boolean => {
    if (!(error instanceof ApiError) || !error.details || Object.keys(error.details).length === 0)
      return false;
    setErrors({ ...error.details });
    return true;
  }, []);

  return { values, errors, setValue, reset, validate, applyServerError, setErrors };
}
