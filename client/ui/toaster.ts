import { createToaster } from '@chakra-ui/react';
import { mensajes } from '../../shared/messages';

/** docs/producto.md §2 and §9: toasts stay 5 s; the payment row passes 3000. */
export const TOAST_DURATION_MS = 5000;
export const PAYMENT_ROW_TOAST_MS = 3000;

export interface ToastOptions {
  duration?: number;
}

// Bottom: a toast never covers the header, where the sync indicator says whether the server has the change.
// Only the store lives here; its region (./toaster-region) is loaded when the page is idle and shows the
// toasts created before it arrived.
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

export function toastSuccess(message: string, options: ToastOptions = {}): string {
  return toaster.create({
    type: 'success',
    title: 'Éxito',
    description: message,
    duration: options.duration ?? TOAST_DURATION_MS,
    closable: true,
  });
}

export function toastError(message: string, options: ToastOptions = {}): string {
  return toaster.create({
    type: 'error',
    title: 'Error',
    description: message,
    duration: options.duration ?? TOAST_DURATION_MS,
    closable: true,
  });
}

/**
 * After a save or a delete the list reloads; when that reload says it failed (resolves with its reason), the
 * user learns the data is safe but the list is stale (docs/producto.md §8), rather than only seeing the list's
 * own error panel.
 */
export function toastIfReloadFailed(reload: unknown): void {
  if (!(reload instanceof Promise)) return;
  reload.then(
    (reason: unknown) => {
      if (typeof reason === 'string') toastError(mensajes.recargaFallida(reason));
    },
    () => {},
  );
}
