// The texts of Cobranza's button to 'Recordatorios' (docs/producto.md §2.24): apart from the screen's, which
// Cobranza's code does not carry.
export const remindersButtonTexts = {
  boton: 'Recordatorios',
  botonManana: 'Recordatorios de mañana',
} as const;
