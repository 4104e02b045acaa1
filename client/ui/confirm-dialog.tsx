import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Default 'Eliminar' (red). */
  confirmLabel?: string;
  /** Default 'Eliminando...'. */
  busyLabel?: string;
  cancelLabel?: string;
  /** The action is running: buttons disabled and the dialog cannot be closed. */
  busy?: boolean;
  onConfirm: () => void;
  /** 'Cancelar', ×, Escape, a click outside; never while busy. */
  onClose: () => void;
}

/** Asks before a destructive action (delete). An alertdialog, so screen readers announce it at once. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Eliminar',
  busyLabel = 'Eliminando...',
  cancelLabel = 'Cancelar',
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      busy={busy}
      size="sm"
      role="alertdialog"
      testId="confirm-dialog"
    >
      <Dialog.Header pe="14">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{typeof message === 'string' ? <Text>{message}</Text> : message}</Dialog.Body>
      <Dialog.Footer>
        <Stack direction="row" gap="3" justify="flex-end" w="full">
          <Button
            variant="outline"
            size={{ base: 'lg', md: 'md' }}
            flex={{ base: '1', md: 'initial' }}
            onClick={onClose}
            disabled={busy}
          >
            {cancelLabel}
          </Button>
          <Button
            colorPalette="red"
            size={{ base: 'lg', md: 'md' }}
            flex={{ base: '1', md: 'initial' }}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Stack>
      </Dialog.Footer>
    </DialogFrame>
  );
}
