import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toaster';

/** Rendered once at the root; toasts are created from anywhere with the helpers of ./toaster. */
export function Toaster() {
  return (
    <Portal>
      {/* Zag names the region 'Notifications, bottom-end (alt+T)': screen readers announce it in English. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="Notificaciones">
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
