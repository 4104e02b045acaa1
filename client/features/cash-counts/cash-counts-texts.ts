// Texts of 'Cortes de Caja' (docs/producto.md §2.19) that depend on a count.

/** The 'Registrado' total's label: 'Registrado (1 corte)', 'Registrado (2 cortes)'. */
export const registradoLabel = (count: number): string =>
  `Registrado (${count} ${count === 1 ? 'corte' : 'cortes'})`;
