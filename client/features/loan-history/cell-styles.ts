import type { HistoryCellKind } from './history-cell';

export interface CellStyle {
  bg: string;
  color: string;
  borderColor: string;
  /** The legend's explanation of the colour. */
  legend: string;
}

/**
 * docs/producto.md §2 cell colours: renewed blue, paid green, partial yellow, unpaid red, absent grey. Text colours are
 * the palette's dark shades, so each pair keeps a readable contrast in the sun.
 */
export const CELL_STYLES: Record<HistoryCellKind, CellStyle> = {
  renewed: { bg: 'blue.100', color: 'blue.800', borderColor: 'blue.300', legend: 'Renovado' },
  paid: { bg: 'green.100', color: 'green.800', borderColor: 'green.300', legend: 'Pagado' },
  partial: {
    bg: 'yellow.100',
    color: 'yellow.900',
    borderColor: 'yellow.400',
    legend: 'Pago parcial (monto)',
  },
  unpaid: { bg: 'red.100', color: 'red.800', borderColor: 'red.300', legend: 'No pagado (vencido)' },
  // Not due yet: nothing is wrong, so no colour of alarm.
  upcoming: { bg: 'white', color: 'gray.600', borderColor: 'gray.300', legend: 'Por vencer' },
  absent: {
    bg: 'gray.100',
    color: 'gray.500',
    borderColor: 'gray.200',
    legend: 'Sin pago (el crédito tiene menos pagos)',
  },
};

export const CELL_KINDS_IN_LEGEND: readonly HistoryCellKind[] = [
  'paid',
  'partial',
  'unpaid',
  'upcoming',
  'renewed',
  'absent',
];
