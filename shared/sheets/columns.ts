/** DESIGN §5 / SPEC §2 columns of the printed sheet and of the Resumen view, in order. */
export const SHEET_COLUMNS = [
  'GRUPO',
  'PRÉSTAMO',
  'SALDO A LIQ.',
  'ABONO',
  '# PAG',
  'FECHA PAGO',
  'PAGÓ',
  'PARCIAL',
  'FECHA PAGADA',
  'CLIENTE',
  'CELULAR',
] as const;
