// Spanish texts of egresos (docs/producto.md §5 and §8 quoted exactly; the rest in the same voice).
export const egresoMessages = {
  fechaRequerida: 'La fecha es requerida',
  importeMayorACero: 'El importe debe ser mayor a 0',
  responsableRequerido: 'El responsable es requerido',
  conceptoRequerido: 'El concepto es requerido',
  registrado: 'Egreso registrado exitosamente',
  actualizado: 'Egreso actualizado exitosamente',
  errorRegistrar: 'Error al registrar el egreso',
  errorActualizar: 'Error al actualizar el egreso',
  errorCargar: 'Error al cargar los egresos',
  errorCargarCatalogo: 'Error al cargar el catálogo de egresos',
  noEncontrado: 'No se encontró el egreso',
  vacio: 'No hay egresos en el periodo',
} as const;
