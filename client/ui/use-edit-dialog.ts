import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import { errorMessage, isOfflineError } from '../session/api-error';
import { toastError, toastIfReloadFailed, toastSuccess } from './toaster';
import { type SchemaForm, useSchemaForm } from './use-schema-form';

export interface EditDialogOptions<Row, TSchema extends v.GenericSchema, TValues> {
  /** The shared payload schema; a function when create and edit differ (a user's password). */
  schema: TSchema | ((editing: Row | null) => TSchema);
  /** Blank form for 'Nuevo …'. Every schema key present ('' for blank). */
  emptyValues: TValues;
  /** Form values for 'Editar' from the row on screen. */
  toValues: (row: Row) => TValues;
  /** The API call: create when `editing` is null, else update. */
  save: (payload: v.InferOutput<TSchema>, editing: Row | null) => Promise<unknown>;
  messages: {
    /** 'Cliente creado exitosamente' */
    created: string;
    /** 'Cliente actualizado exitosamente' */
    updated: string;
    /** 'Error al guardar el cliente' (': ' and the reason are appended); per mode when they differ. */
    saveError: string | ((editing: Row | null) => string);
  };
  /** After a successful save (reload the list), with what was saved so the list can show it. */
  onSaved?: (payload: v.InferOutput<TSchema>) => unknown;
}

export interface EditDialog<Row, TValues, TOutput> {
  open: boolean;
  /** The row being edited; null when creating. */
  editing: Row | null;
  form: SchemaForm<TValues, TOutput>;
  busy: boolean;
  /** Shown above the buttons: the offline message (the typed values stay). */
  formError: string | null;
  openCreate: () => void;
  openEdit: (row: Row) => void;
  close: () => void;
  submit: () => Promise<void>;
}

/**
 * The create/edit modal flow of an office screen: validate with the shared schema, call the server, toast
 * the docs/producto.md §8 success text, close and reload. A server 400 puts its `details` on the fields; offline, the
 * dialog stays open with every typed value and says 'Sin conexión: esta acción requiere internet' (docs/arquitectura.md);
 * any other failure toasts '<saveError>: <reason>' and keeps the dialog open too.
 */
export function useEditDialog<Row, TSchema extends v.GenericSchema, TValues extends Record<string, unknown>>(
  options: EditDialogOptions<Row, TSchema, TValues>,
): EditDialog<Row, TValues, v.InferOutput<TSchema>> {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = typeof options.schema === 'function' ? options.schema(editing) : options.schema;
  const form = useSchemaForm(schema, options.emptyValues);

  const { reset } = form;
  const show = useCallback(
    (row: Row | null, values: TValues) => {
      setEditing(row);
      reset(values);
      setFormError(null);
      setOpen(true);
    },
    [reset],
  );
  const { emptyValues, toValues } = options;
  // Stable, so a screen can call openCreate from an effect (?nuevo=1) without re-running it every render.
  const openCreate = useCallback(() => show(null, emptyValues), [show, emptyValues]);
  const openEdit = useCallback((row: Row) => show(row, toValues(row)), [show, toValues]);

  const submit = async () => {
    if (busy) return;
    const payload = form.validate();
    if (payload === null) return;
    setBusy(true);
    setFormError(null);
    try {
      await options.save(payload, editing);
      toastSuccess(editing === null ? options.messages.created : options.messages.updated);
      setOpen(false);
      toastIfReloadFailed(options.onSaved?.(payload));
    } catch (error) {
      if (isOfflineError(error)) setFormError(errorMessage(error));
      else {
        form.applyServerError(error);
        const { saveError } = options.messages;
        const prefix = typeof saveError === 'function' ? saveError(editing) : saveError;
        toastError(`${prefix}: ${errorMessage(error)}`);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    open,
    editing,
    form,
    busy,
    formError,
    openCreate,
    openEdit,
    close: () => {
      if (!busy) setOpen(false);
    },
    submit,
  };
}
