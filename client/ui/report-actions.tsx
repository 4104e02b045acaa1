import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../session/api-client';
import { toastError } from './toaster';
import { useOnline } from './use-online';

/**
 * 'Exportar a Excel' and 'Imprimir' for a report or list. The file is made by the server from the same
 * filters (numbers as numbers, MXN formats, totals row), so it needs a connection; printing uses the page's
 * print styles (no sidebar, landscape) and works offline on what is on screen.
 */
export function ReportActions({
  onExport,
  disabled = false,
}: {
  onExport: () => Promise<void>;
  disabled?: boolean;
}) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      toastError(`Error al exportar: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outline"
        size={{ base: 'lg', md: 'md' }}
        onClick={exportFile}
        loading={busy}
        loadingText="Exportando..."
        disabled={disabled || !online}
        title={online ? undefined : 'Sin conexión: la exportación necesita el servidor'}
        className="no-print"
      >
        Exportar a Excel
      </Button>
      <Button
        variant="outline"
        size={{ base: 'lg', md: 'md' }}
        onClick={() => window.print()}
        disabled={disabled}
        className="no-print"
      >
        Imprimir
      </Button>
    </>
  );
}
