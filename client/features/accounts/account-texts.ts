// Screen texts of docs/producto.md §8 for accounts (the field messages live in shared/accounts/messages.ts).
export const accountTexts = {
  cargarError: 'Error al cargar las cuentas',
  guardarError: 'Error al guardar la cuenta',
  eliminarError: 'Error al eliminar la cuenta',
  creada: 'Cuenta creada exitosamente',
  actualizada: 'Cuenta actualizada exitosamente',
  eliminada: 'Cuenta eliminada exitosamente',
  vacio: 'No hay cuentas registradas',
  exportarError: 'Error al exportar',
  exportarSinConexion: 'Sin conexión: la exportación necesita el servidor',
  exportando: 'Exportando...',
} as const;
