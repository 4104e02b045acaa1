// Spanish texts of the users feature. docs/producto.md §5 texts are quoted exactly.
export const userMessages = {
  nombreRequerido: 'El nombre es requerido',
  emailRequerido: 'El email es requerido',
  emailInvalido: 'El email no es válido',
  contrasenaRequerida: 'La contraseña es requerida',
  contrasenaCorta: 'La contraseña debe tener al menos 6 caracteres',
  contrasenaLarga: 'La contraseña no puede tener más de 200 caracteres',
  contrasenaInvalida: 'La contraseña no es válida',
  cuentaRequerida: 'La cuenta es requerida',
  rolInvalido: 'El rol no es válido',
  rolAjeno: 'El rol no pertenece a la cuenta',
  emailDuplicado: 'Ya existe un usuario con ese email',
  noEncontrado: 'No se encontró el usuario',
  propio: 'No puede eliminar su propio usuario',
  conMovimientos: 'No se puede eliminar el usuario porque tiene movimientos registrados',
  permisosAjenos: 'No puede administrar un usuario con permisos que usted no tiene',
  municipiosInvalidos: 'Seleccione municipios de la cuenta del usuario',
} as const;
