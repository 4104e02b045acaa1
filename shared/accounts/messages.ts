// Spanish texts of the accounts feature. docs/producto.md §5 texts are quoted exactly; the rest fill what SPEC leaves open.
export const accountMessages = {
  nombreRequerido: 'El nombre es requerido',
  noEncontrada: 'No se encontró la cuenta',
  nombreDuplicado: 'Ya existe una cuenta con ese nombre',
  conDatos: 'No se puede eliminar la cuenta porque tiene usuarios o datos registrados',
  propia: 'No puede eliminar su propia cuenta',
  noExiste: 'La cuenta no existe',
  otraCuenta: 'No tiene permiso para administrar otras cuentas',
  formatoExportacion: 'El formato de exportación debe ser xlsx o json',
} as const;
