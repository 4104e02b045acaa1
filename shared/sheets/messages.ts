// Spanish texts of the weekly sheets (docs/producto.md §5 and §8 quoted exactly; the rest in the same voice).
export const sheetMessages = {
  // docs/producto.md §5, collection sheet form.
  municipioRequerido: 'El municipio es requerido',
  fechaCoberturaRequerida: 'La fecha de cobertura es requerida',
  fechaCoberturaInvalida: 'La fecha de cobertura no es válida',
  fechaCoberturaFueraDeRango: 'La fecha de cobertura debe estar a menos de un año de hoy',
  // docs/producto.md §8, generation.
  errorGenerar: 'Error al generar la hoja de cobro: ',
  errorDesconocido: 'Error desconocido',
  generada: 'Hoja de cobro generada exitosamente',
  // docs/producto.md §8, processing.
  procesada: 'Hoja procesada exitosamente',
  errorProcesar: 'Error al procesar: ',
  errorProcesarDesconocido: 'Error desconocido. Contacte al administrador.',
  // docs/producto.md §4.
  yaProcesada: 'Esta hoja ya ha sido procesada',
  // docs/producto.md §8, load failures.
  errorCargarHojas: 'Error al cargar las hojas semanales',
  errorCargarPrestamos: 'Error al cargar los préstamos de la hoja semanal',
  noEncontrada: 'No se encontró la hoja semanal',
  municipioNoEncontrado: 'No se encontró el municipio',
  noSePuedeEliminar: 'No se puede eliminar una hoja ya procesada',
  eliminada: 'Hoja semanal eliminada exitosamente',
  yaExisteEnSemana: 'Ya existe una hoja de cobro de este municipio para esa semana',
  regenerarProcesada:
    'La hoja de cobro de este municipio para esa semana ya fue procesada: no se puede generar de nuevo',
  actualizada: 'Hoja semanal actualizada exitosamente',
  procesadaInvalida: 'Debe ser true o false',
  semanaInvalida: 'La semana no es válida',
  // Processing log entries.
  sinPago: 'Sin pago registrado',
  pagoParcial: (cobrado: string, esperado: string) => `Pago parcial: ${cobrado} de ${esperado}`,
  /** Appended to 'Sin pago registrado' or 'Pago parcial' when the collector noted a promise of payment. */
  conPromesa: (fecha: string) => `; promesa de pago el ${fecha}`,
  renovadoDespues: 'El préstamo se renovó después de generar la hoja: sus pagos ya no se pueden aplicar',
  liquidadoDespues: 'El préstamo se liquidó después de generar la hoja',
  amortizacionNoExiste: 'La amortización de la hoja ya no existe',
  dispositivoSinSincronizar: (usuario: string, desde: string) =>
    `El teléfono de ${usuario} no se sincroniza desde ${desde}: los pagos que haya registrado después no están incluidos`,
  pagoDespuesDeProcesar: 'Pago recibido después de procesar la hoja',
} as const;
