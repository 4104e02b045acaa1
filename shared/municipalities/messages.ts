// Spanish texts of the municipalities feature. docs/producto.md §5 texts are quoted exactly.
export const municipalityMessages = {
  nombreRequerido: 'El nombre es requerido',
  diaRequerido: 'El día de cobro es requerido',
  noEncontrado: 'No se encontró el municipio',
  sinCambios: 'No se envió ningún cambio',
  filtroDeleteInvalido: 'El filtro delete debe ser true o false',
  deleteInvalido: 'El valor de delete debe ser verdadero o falso',
} as const;
