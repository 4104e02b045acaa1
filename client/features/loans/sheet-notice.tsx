import { Alert, CloseButton } from '@chakra-ui/react';

export type SheetNotice = 'needs-municipality' | 'from-sheets';

const TEXT: Record<SheetNotice, string> = {
  // docs/producto.md §2, quoted.
  'needs-municipality': 'Para generar la hoja de cobro seleccione un municipio en los filtros.',
  'from-sheets': "La hoja de cobro se genera desde 'Hojas Semanales'.",
};

/** What 'Generar Hoja de Cobro' answers when it cannot open the sheet dialog from here. */
export function SheetNoticeAlert({ notice, onClose }: { notice: SheetNotice; onClose: () => void }) {
  return (
    <Alert.Root
      status={notice === 'needs-municipality' ? 'warning' : 'info'}
      borderRadius="lg"
      role="alert"
      data-testid="sheet-notice"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{TEXT[notice]}</Alert.Title>
      </Alert.Content>
      <CloseButton size={{ base: 'md', md: 'sm' }} aria-label="Cerrar aviso" onClick={onClose} />
    </Alert.Root>
  );
}
