// Screen texts of docs/producto.md §8 for roles (the field messages live in shared/roles/messages.ts).
export const roleTexts = {
  cargarError: 'Error al cargar los roles',
  /** docs/producto.md §8's service message, when the permission catalogue does not load. */
  permisosError: 'Error al listar permisos',
  guardarError: 'Error al guardar el rol',
  creado: 'Rol creado exitosamente',
  vacio: 'No hay roles registrados',
} as const;
