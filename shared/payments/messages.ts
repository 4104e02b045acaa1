// Spanish texts of payments and sync. docs/producto.md §8 texts are quoted exactly.
export const paymentMessages = {
  // docs/producto.md §8
  amortizacionActualizada: 'Amortización actualizada exitosamente',
  pagoActualizado: 'Pago actualizado exitosamente',
  errorAmortizacion: 'Error al actualizar la amortización: ',
  errorPago: 'Error al actualizar el pago: ',
  errorDesconocido: 'Error desconocido',
  guardadoEnTelefono: 'Guardado en el teléfono; se enviará al volver la señal',
  // Rules of docs/sincronizacion.md and docs/reglas-del-negocio.md
  yaPagada: 'Esta amortización ya fue pagada',
  renovada: 'Esta amortización fue renovada',
  prestamoNoEncontrado: 'No se encontró el préstamo',
  amortizacionNoEncontrada: 'No se encontró la amortización',
  /** docs/reglas-del-negocio.md: a payment above what the loan still owes is refused, naming the balance. */
  excedeSaldo: (saldo: string) => `El pago excede el saldo pendiente de ${saldo}`,
  sinSaldo: 'Este préstamo ya no tiene saldo pendiente',
  montoMayorQueCero: 'El monto debe ser mayor que 0',
  fechaFutura: 'La fecha del pago no puede ser posterior a hoy',
  fechaAntesDelPrestamo: 'La fecha del pago no puede ser anterior a la fecha del préstamo',
  pagoNoEncontrado: 'No se encontró el pago a corregir',
  correccionDeCorreccion: 'Solo se corrige un pago, no una corrección',
  correccionRenovado: 'No se puede corregir un pago de un préstamo renovado',
  correccionAjena: 'Solo puede corregir sus propios pagos del día; la oficina corrige los demás',
  motivoRequerido: 'Indique el motivo de la corrección',
  motivoLargo: 'El motivo admite como máximo 200 caracteres',
  // Validation
  prestamoRequerido: 'El préstamo es requerido',
  amortizacionRequerida: 'La amortización es requerida',
  pagoOMonto: 'Indique si el pago está pagado o el monto pagado',
  montoInvalido: 'El monto debe ser un número mayor o igual a 0',
  montoDecimales: 'El monto admite como máximo dos decimales',
  montoMaximo: 'El monto es demasiado grande',
  fechaRequerida: 'La fecha pagada es requerida',
  fechaInvalida: 'La fecha pagada no es válida',
  fechaFueraDeRango: 'La fecha pagada debe estar entre el año 2000 y el 2099',
  pagadaInvalida: 'Pagado debe ser verdadero o falso',
  numPagoInvalido: 'El número de pago no es válido',
  reciboInvalido: 'El recibo debe ser un UUID',
  versionInvalida: 'La versión base no es válida',
} as const;

export const syncMessages = {
  clienteInvalido: 'El identificador del dispositivo debe ser un UUID',
  mutacionesInvalidas: 'La lista de cambios no es válida',
  idMutacionInvalido: 'El id del cambio debe ser un entero positivo',
  nombreMutacionInvalido: 'El nombre del cambio es requerido',
  cursorInvalido: 'El cursor de sincronización no es válido',
  limiteInvalido: 'El límite debe ser un entero entre 1 y 5000',
  formatoInvalido: "El formato de la página debe ser 'columnas', 'columnas-delta' o no enviarse",
  pagosInvalido: 'pagos debe ser verdadero o falso',
  dispositivoDeOtroUsuario:
    'Este dispositivo está vinculado a otro usuario: sus cambios pendientes no se pueden enviar con esta sesión',
  mutacionDesconocida: (name: string) => `Operación de sincronización desconocida: ${name}`,
  reciboDuplicado: 'Este pago ya fue registrado (recibo duplicado)',
  conflictoNoEncontrado: 'No se encontró el conflicto',
  canceladoEnTelefono: 'Deshecho en el teléfono antes de enviarse',
  noSeDeshizo: 'No se pudo deshacer: el servidor ya lo había recibido',
} as const;
