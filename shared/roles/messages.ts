// Spanish texts of the roles feature. docs/producto.md §5 texts are quoted exactly.
export const roleMessages = {
  nombreRequerido: 'El nombre del rol es requerido',
  permisoRequerido: 'Debe seleccionar al menos un permiso',
  permisoInvalido: 'El permiso no es válido',
  cuentaInvalida: 'La cuenta no es válida',
  nombreDuplicado: 'Ya existe un rol con ese nombre',
  permisosAjenos: 'No puede otorgar permisos que usted no tiene',
} as const;
