// The texts of the way to 'Estado de cuenta' (docs/producto.md §2.23): apart from the screen's, so the Cobranza card
// and the loan detail carry two strings, not the screen's texts.
export const statementLinkTexts = {
  enlace: 'Estado de cuenta',
  enlaceDe: (cliente: string) => `Estado de cuenta de ${cliente}`,
} as const;
