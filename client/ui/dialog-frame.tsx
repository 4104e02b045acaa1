import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** docs/producto.md §9 modal widths. */
export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/**
 * The modal shell both dialogs share: docs/producto.md §9 widths from md up; on phones nearly the whole screen (0.5 rem
 * margins) with a scrolling body so the footer buttons stay reachable above the keyboard. While `busy` it
 * cannot be closed (no Escape, no outside click, no ×), docs/producto.md §2 ('cannot be closed while submitting').
 */
export function DialogFrame({
  open,
  onClose,
  busy = false,
  size = 'md',
  role = 'dialog',
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  busy?: boolean;
  size?: ModalSize;
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      role={role}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            maxW={{ base: 'calc(100dvw - 1rem)', md: size }}
            maxH={{ base: 'calc(100dvh - 1rem)', md: 'calc(100dvh - 8rem)' }}
            mx={{ base: '2', md: 'auto' }}
            my={{ base: '2', md: 'auto' }}
            data-testid={testId}
            aria-busy={busy}
          >
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Cerrar" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
