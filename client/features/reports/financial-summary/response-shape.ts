import { reportMessages } from '../../../../shared/reports/messages';

/** docs/producto.md §8: a summary answer without its rows or totals is 'Invalid response format', not a blank screen. */
export function checkSummaryShape(body: unknown): string | null {
  const b = body as { data?: unknown; totals?: unknown } | null;
  if (!b || !Array.isArray(b.data) || typeof b.totals !== 'object' || b.totals === null) {
    return reportMessages.formatoInvalido;
  }
  return null;
}
