import { useCallback, useState } from 'react';
import { mensajes } from '../../../shared/messages';
import { sheetMessages as m } from '../../../shared/sheets/messages';
import type { ProcessSheetResponse, SheetLogEntry } from '../../../shared/sheets/types';
import { ApiError, apiPost, errorMessage, isOfflineError } from '../../session/api-client';
import { useLocalStore } from '../../store/local-store-context';
import { downloadFile } from '../../ui/download-file';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';

/** Fetches the sheet's .xlsx with the session's token and hands it to the browser as a download. */
const downloadSheetFile = (sheet: { id: number; week: string }): Promise<void> =>
  downloadFile(`weekly-sheets/${sheet.id}/file`, `hoja-de-cobro-${sheet.week}.xlsx`);

const joined = (entries: readonly SheetLogEntry[] | undefined) =>
  (entries ?? []).map((e) => [e.loan_reference, e.message].filter(Boolean).join(': ')).join('; ');

/** docs/producto.md §8: 'Error al procesar: ' + the reason, or the log, else 'Error desconocido. Contacte al administrador.' */
function processFailure(error: unknown): string {
  if (isOfflineError(error)) return mensajes.sinConexion;
  const details = error instanceof ApiError ? error.message : '';
  return `${m.errorProcesar}${details || m.errorProcesarDesconocido}`;
}

/** Download and processing, the two sheet actions that need the server; both refuse plainly offline. */
export function useSheetActions() {
  const { engine } = useLocalStore();
  const online = useOnline();
  const [processingId, setProcessingId] = useState<number | null>(null);

  const download = useCallback(async (sheet: { id: number; week: string }) => {
    try {
      await downloadSheetFile(sheet);
    } catch (error) {
      toastError(errorMessage(error));
    }
  }, []);

  const process = useCallback(
    async (id: number): Promise<ProcessSheetResponse | null> => {
      setProcessingId(id);
      try {
        const result = await apiPost<ProcessSheetResponse>(`process-weekly-sheet/${id}`);
        if (!result.success) {
          const log = joined(result.errors) || joined(result.warnings);
          toastError(`${m.errorProcesar}${log || m.errorProcesarDesconocido}`);
        } else toastSuccess(m.procesada);
        engine?.requestSync(0);
        return result;
      } catch (error) {
        toastError(processFailure(error));
        return null;
      } finally {
        setProcessingId(null);
      }
    },
    [engine],
  );

  return { online, download, process, processingId };
}
