import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/** SPEC §2 and §9: toasts stay 5 s; the payment row passes 3000. */
export const TOAST_DURATION_MS = 5000;
export const PAYMENT_ROW_TOAST_MS = 3000;

export interface ToastOptions {
  duration?: number;
}

// Bottom: a toast never covers the header, where the sync indicator says whether the server has the change.
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

/** Rendered once at the root; toasts are created from anywhere with the helpers above. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Cerrar" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
