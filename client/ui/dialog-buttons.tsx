import { Button, type ButtonProps, Stack } from '@chakra-ui/react';

/** What a modal with a 'Cancelar' / action footer is given (FormDialog, ConfirmDialog). */
export interface ModalActionProps {
  open: boolean;
  title: string;
  /** The action is running: the buttons are disabled, the action reads `busyLabel`, and it cannot be closed. */
  busy?: boolean;
  busyLabel?: string;
  cancelLabel?: string;
  /** 'Cancelar', ×, Escape or a click outside; never while busy. */
  onClose: () => void;
}

/**
 * A modal's footer pair, 'Cancelar' and its action: side by side at the end from md, each half the width
 * (and 48 px tall) on phones. While `busy` both are disabled and the action reads `busyLabel`.
 */
export function DialogButtons({
  label,
  busyLabel,
  busy = false,
  onCancel,
  cancelLabel = 'Cancelar',
  action,
}: {
  label: string;
  busyLabel: string;
  busy?: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** What the action is: `type: 'submit'`, or an onClick; its colour; `disabled` beyond busy. */
  action: ButtonProps;
}) {
  const size = { base: 'lg', md: 'md' } as const;
  const flex = { base: '1', md: 'initial' };
  return (
    <Stack direction="row" gap="3" justify="flex-end" w="full">
      <Button type="button" variant="outline" size={size} flex={flex} onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button {...action} size={size} flex={flex} disabled={busy || action.disabled} aria-busy={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Stack>
  );
}
