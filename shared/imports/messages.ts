// Spanish texts of the portfolio import (docs/producto.md §2.22): the reader, the preview and POST /api/imports/loans.
import { formatMoney } from '../money';

export const importMessages = {
  referenciaRequerida: 'La referencia del préstamo es requerida',
  referenciaRepetida: (fila: number) => `La referencia ya aparece en la fila ${fila}`,
  clienteRepetido: (fila: number) =>
    `El cliente ya aparece en la fila ${fila}: un cliente tiene un solo préstamo activo`,
  // The town is not repeated: the row and column name it, and another account's town must read as a missing one.
  municipioNoExiste: 'El municipio no existe o no lo tiene asignado',
  modalidadNoExiste: (nombre: string) =>
    `La modalidad '${nombre}' no existe en esta cuenta (DIARIO, SEMANAL, QUINCENAL o MENSUAL)`,
  siNo: 'Escriba Sí o No',
  filaInvalida: 'Cada préstamo debe ser un objeto con las columnas de la plantilla',
  fechaInvalida: 'La fecha de inicio no es válida (DD/MM/AAAA o AAAA-MM-DD)',
  pagadoInvalido: 'Lo pagado debe ser un monto de 0 o más',
  pagadoExcede: (pagado: number, total: number) =>
    `Lo pagado (${formatMoney(pagado)}) excede el total del préstamo con interés (${formatMoney(total)})`,
  pagadoNoCoincide: (suma: number) =>
    `Lo pagado no coincide con la suma de sus pagos en la hoja Pagos (${formatMoney(suma)})`,
  pagoMontoInvalido: 'El monto del pago debe ser mayor a 0',
  pagoFechaInvalida: 'La fecha del pago no es válida (AAAA-MM-DD o DD/MM/AAAA)',
  pagoAntesDelInicio: 'El pago es anterior a la fecha de inicio del préstamo',
  pagoFuturo: 'El pago tiene una fecha posterior a hoy',
  pagoSinPrestamo: 'La referencia no está en la hoja Préstamos',
  garantiasMaximo: 'Puede registrar como máximo 5 garantías, separadas por ;',
  // The file as a whole
  archivoVacio: 'El archivo no tiene filas de préstamos',
  archivoIlegible: 'No se pudo leer el archivo: elija un .xlsx o .csv guardado desde la plantilla',
  columnasFaltantes: (columnas: readonly string[]) =>
    `Faltan columnas de la plantilla: ${columnas.join(', ')}`,
  demasiadasFilas: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-MX')} préstamos`,
  clienteConPrestamo: (referencia: string) =>
    `El cliente ya tiene un préstamo activo en el sistema (${referencia}): liquídelo o quite la fila`,
  // Results
  importado: (creados: number, existentes: number) =>
    `Importación terminada: ${creados.toLocaleString('es-MX')} préstamos creados` +
    (existentes > 0 ? `, ${existentes.toLocaleString('es-MX')} ya estaban importados` : ''),
  errorImportar: 'Error al importar: ',
  sinConexion: 'Sin conexión: importar requiere internet. El archivo sigue elegido; vuelva a intentarlo.',
} as const;
