import type { SheetLog, SheetState } from './types';

const listed = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/** docs/producto.md §4 icon: red if the log has errors, yellow if it has warnings, green if processed, orange if pending. */
export function sheetState(sheet: {
  processed: boolean;
  log: SheetLog | { errors?: unknown; warnings?: unknown };
}) {
  const log = sheet.log ?? {};
  const state: SheetState = listed(log.errors)
    ? 'errores'
    : listed(log.warnings)
      ? 'advertencias'
      : sheet.processed
        ? 'procesada'
        : 'pendiente';
  return state;
}

export const SHEET_STATE_LABELS: Record<SheetState, string> = {
  pendiente: 'Pendiente',
  procesada: 'Procesada',
  advertencias: 'Procesada con advertencias',
  errores: 'Procesada con errores',
};
