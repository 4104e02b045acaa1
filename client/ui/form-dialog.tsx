import { Alert, chakra, Dialog, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { mensajes } from '../../shared/messages';
import { DialogButtons, type ModalActionProps } from './dialog-buttons';
import { DialogFrame, type ModalSize } from './dialog-frame';
import { useOnline } from './use-online';

export interface FormDialogProps extends ModalActionProps {
  /** docs/producto.md §9 widths; default 'md'. Phones always get (almost) the full screen. */
  size?: ModalSize;
  /** A message for the whole form above the buttons (e.g. 'Sin conexión: esta acción requiere internet'). */
  formError?: string | null;
  /** Default 'Guardar' ('Guardando...' while busy). */
  submitLabel?: string;
  /** Office forms need the server (docs/arquitectura.md): warn as soon as the browser is offline. Default true. */
  requiresOnline?: boolean;
  /** Called on 'Guardar' and on Enter in a field; validate there. */
  onSubmit: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal form: title, fields, and a 'Cancelar' / 'Guardar' footer. The browser's own validation bubbles are
 * off (noValidate): messages come from the shared schema, in Spanish, under each field (FormField).
 */
export function FormDialog({
  open,
  title,
  size = 'md',
  busy = false,
  formError,
  submitLabel = 'Guardar',
  busyLabel = 'Guardando...',
  cancelLabel = 'Cancelar',
  requiresOnline = true,
  onSubmit,
  onClose,
  testId,
  children,
}: FormDialogProps) {
  const online = useOnline();
  const alert = formError || (requiresOnline && !online ? mensajes.sinConexion : null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <DialogFrame open={open} onClose={onClose} busy={busy} size={size} testId={testId}>
      {/* display: contents keeps header, body and footer in the dialog's flex column (scrolling body). */}
      <chakra.form display="contents" noValidate onSubmit={submit} aria-label={title}>
        <Dialog.Header pe="14">
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3" borderTopWidth="1px" pt="4">
          {alert && (
            <Alert.Root status="warning" borderRadius="md" data-testid="form-error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{alert}</Alert.Title>
            </Alert.Root>
          )}
          <DialogButtons
            label={submitLabel}
            busyLabel={busyLabel}
            busy={busy}
            onCancel={onClose}
            cancelLabel={cancelLabel}
            action={{ type: 'submit' }}
          />
        </Dialog.Footer>
      </chakra.form>
    </DialogFrame>
  );
}
