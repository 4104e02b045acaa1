// Spanish texts of the clients feature. docs/producto.md §5 texts are quoted exactly.
export const clientMessages = {
  nombreRequerido: 'El nombre es requerido',
  telefonoRequerido: 'El teléfono es requerido',
  telefonoDigitos: 'El teléfono debe tener entre 8 y 15 dígitos',
  municipioRequerido: 'El municipio es requerido',
  municipioNoExiste: 'El municipio no existe',
  municipioInvalido: 'El municipio no es válido',
  booleanoInvalido: 'Debe ser verdadero o falso',
  noEncontrado: 'No se encontró el cliente',
  conPrestamos: 'No se puede eliminar el cliente porque tiene préstamos registrados',
} as const;
