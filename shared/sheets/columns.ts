/**
 * The columns of the printed sheet and of the Resumen view, in order: docs/producto.md §2's, with ADEUDO (what
 * the client owes in all) and A COBRAR (what the week asks: its row and the arrears, adding up to 'Total
 * esperado') beside SALDO A LIQ. (docs/reglas-del-negocio.md §5).
 */
export const SHEET_COLUMNS = [
  'GRUPO',
  'PRÉSTAMO',
  'SALDO A LIQ.',
  'ADEUDO',
  'A COBRAR',
  'ABONO',
  '# PAG',
  'FECHA PAGO',
  'PAGÓ',
  'PARCIAL',
  'FECHA PAGADA',
  'CLIENTE',
  'CELULAR',
] as const;
