import { useState } from 'react';
import { errorMessage } from '../session/api-error';
import { toastError, toastIfReloadFailed, toastSuccess } from './toaster';

export interface DeleteConfirmOptions<Row> {
  remove: (row: Row) => Promise<unknown>;
  messages: {
    /** 'Cliente eliminado exitosamente' */
    deleted: string;
    /** 'Error al eliminar el cliente' (': ' and the server's reason are appended) */
    deleteError: string;
  };
  /** After a successful delete (reload the list). */
  onDeleted?: () => unknown;
}

/**
 * State for a ConfirmDialog that deletes one row: `ask(row)` opens it, `confirm()` calls the server and
 * toasts success or '<deleteError>: <reason>' (e.g. the 409 'tiene préstamos registrados'); the dialog
 * closes either way. Spread `dialogProps` into <ConfirmDialog title=… message=… />.
 */
export function useDeleteConfirm<Row>(options: DeleteConfirmOptions<Row>) {
  // The row stays set after closing so the dialog's text does not go blank during its exit animation.
  const [target, setTarget] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null || !open || busy) return;
    setBusy(true);
    try {
      await options.remove(target);
      toastSuccess(options.messages.deleted);
      toastIfReloadFailed(options.onDeleted?.());
    } catch (error) {
      toastError(`${options.messages.deleteError}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return {
    target,
    ask: (row: Row) => {
      setTarget(row);
      setOpen(true);
    },
    dialogProps: {
      open,
      busy,
      onConfirm: confirm,
      onClose: () => {
        if (!busy) setOpen(false);
      },
    },
  };
}
