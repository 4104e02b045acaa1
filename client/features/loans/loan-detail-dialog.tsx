import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { EditLoanButton } from './edit/edit-loan-button';
import { LoanDetailBody } from './loan-detail-body';

/**
 * docs/producto.md §2 loan detail modal, open while the URL has `?loan=<id>` (a reload keeps it open). Full screen on
 * phones; from md a wide modal, so the payment history's eight columns fit. 'Editar Préstamo' edits what
 * docs/reglas-del-negocio.md §3.7 allows (edit/edit-loan-button.tsx).
 */
export function LoanDetailDialog({
  loanId,
  onClose,
  startPayment = false,
}: {
  loanId: number | null;
  onClose: () => void;
  /** Open the next row's payment edit at once ('Registrar abono' on a list card). */
  startPayment?: boolean;
}) {
  return (
    <Dialog.Root
      open={loanId !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="xl"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen on phones by style props: a responsive `size` would keep 'full''s min height on md. */}
          <Dialog.Content
            data-testid="loan-detail"
            maxW={{ base: '100dvw', md: '4xl', lg: '5xl' }}
            h={{ base: '100dvh', md: 'auto' }}
            maxH={{ base: '100dvh', md: 'calc(100dvh - 4rem)' }}
            my={{ base: '0', md: 'auto' }}
            borderRadius={{ base: '0', md: 'l3' }}
          >
            <Dialog.Header ps={{ base: '4', md: '6' }} pe="14" borderBottomWidth="1px">
              <Dialog.Title>Detalles del Préstamo</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px={{ base: '4', md: '6' }} py="4">
              {loanId !== null && <LoanDetailBody loanId={loanId} startPayment={startPayment} />}
            </Dialog.Body>
            <Dialog.Footer
              px={{ base: '4', md: '6' }}
              borderTopWidth="1px"
              pt="3"
              flexDirection={{ base: 'column-reverse', md: 'row' }}
              gap="3"
            >
              {loanId !== null && <EditLoanButton loanId={loanId} />}
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size={{ base: 'lg', md: 'md' }} w={{ base: 'full', md: 'auto' }}>
                  Cerrar
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
