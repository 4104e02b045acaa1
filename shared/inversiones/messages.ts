// Spanish texts of inversiones (docs/producto.md §5, §8 quoted exactly; the rest in the same voice).
export const inversionMessages = {
  fechaRequerida: 'La fecha es requerida',
  importeMayorACero: 'El importe debe ser mayor a 0',
  responsableRequerido: 'El responsable es requerido',
  tipoRequerido: 'El tipo es requerido',
  descripcionRequerida: 'La descripción es requerida',
  registrada: 'Inversión registrada exitosamente',
  errorRegistrar: 'Error al registrar la inversión',
  errorCargar: 'Error al cargar las inversiones',
  edicionNoImplementada: 'Función de edición no implementada en la API',
  vacio: 'No hay inversiones en el periodo',
} as const;
