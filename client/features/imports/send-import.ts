// Sends a checked import to the server in batches (POST /api/imports/loans), one after another: each batch is one
// transaction there, and a batch sent again creates nothing twice, so after a failure the import simply goes on
// from the batch that failed.
import {
  IMPORT_BATCH_SIZE,
  type ImportBatchResult,
  type ImportLoanRow,
} from '../../../shared/imports/schemas';
import { apiPost } from '../../session/api-client';

export interface ImportProgress {
  /** Rows the server has answered for. */
  sent: number;
  total: number;
  creados: number;
  existentes: number;
  clientesNuevos: number;
  pagos: number;
}

export const startProgress = (total: number): ImportProgress => ({
  sent: 0,
  total,
  creados: 0,
  existentes: 0,
  clientesNuevos: 0,
  pagos: 0,
});

/**
 * Sends the rows from `progress.sent` on, calling `onProgress` after each batch. Throws the failed batch's error
 * (the progress already reported says where to resume).
 */
export async function sendImport(
  rows: readonly ImportLoanRow[],
  progress: ImportProgress,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProgress> {
  let current = progress;
  while (current.sent < rows.length) {
    const loans = rows.slice(current.sent, current.sent + IMPORT_BATCH_SIZE);
    const { data } = await apiPost<{ data: ImportBatchResult }>('imports/loans', { loans });
    current = {
      ...current,
      sent: current.sent + loans.length,
      creados: current.creados + data.creados,
      existentes: current.existentes + data.existentes,
      clientesNuevos: current.clientesNuevos + data.clientes_nuevos,
      pagos: current.pagos + data.pagos,
    };
    onProgress(current);
  }
  return current;
}
