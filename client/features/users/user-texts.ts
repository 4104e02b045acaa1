// Screen texts of docs/producto.md §8 for users (the field messages live in shared/users/messages.ts).
export const userTexts = {
  cargarError: 'Error al cargar los usuarios',
  guardarError: 'Error al guardar el usuario',
  eliminarError: 'Error al eliminar el usuario',
  /** docs/producto.md §8's service message, when the role list of the user form does not load. */
  rolesError: 'Error al listar roles',
  creado: 'Usuario creado exitosamente',
  actualizado: 'Usuario actualizado exitosamente',
  eliminado: 'Usuario eliminado exitosamente',
  vacio: 'No hay usuarios registrados',
  sinRol: 'Sin rol',
  conservarContrasena: 'Déjela vacía para conservar la actual',
} as const;
