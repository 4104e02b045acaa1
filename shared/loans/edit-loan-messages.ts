// Spanish texts of 'Editar Préstamo' (what it may change: docs/reglas-del-negocio.md §3.7, docs/producto.md §5.3).
export const editLoanMessages = {
  actualizado: 'Préstamo actualizado exitosamente',
  errorActualizar: 'Error al actualizar el préstamo',
  conPagos:
    'No se pueden cambiar el monto, la modalidad ni la fecha de un préstamo con pagos registrados; solo el aval, las garantías, el grupo y las notas',
  sinCambios: 'No hay cambios que guardar',
  noEncontrado: 'No se encontró el préstamo',
  enHoja:
    'El préstamo ya está en una hoja de cobro: no se pueden cambiar el monto, la modalidad ni la fecha; solo el aval, las garantías, el grupo y las notas',
  modalidadNoEncontrada: 'La modalidad de pago no existe en esta cuenta',
  notasMaximo: 'Las notas admiten como máximo 500 caracteres',
  telefonoAval: 'El teléfono del aval debe tener entre 8 y 15 dígitos',
  sinConexion:
    'Sin conexión: editar un préstamo requiere internet. Lo capturado se conserva en el formulario.',
} as const;
