import { Dialog, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogButtons, type ModalActionProps } from './dialog-buttons';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps extends ModalActionProps {
  message: ReactNode;
  /** Default 'Eliminar' (red); `busyLabel` defaults to 'Eliminando...'. */
  confirmLabel?: string;
  onConfirm: () => void;
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
        <DialogButtons
          label={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          action={{ colorPalette: 'red', onClick: onConfirm }}
        />
      </Dialog.Footer>
    </DialogFrame>
  );
}
