// Spanish texts of the reports (docs/producto.md §8 quoted exactly; the rest in the same voice).
export const reportMessages = {
  // docs/producto.md §8: shown as a red panel and a toast, followed by the reason.
  errorResumen: 'Error al cargar el resumen financiero: ',
  errorDetalleMunicipio: 'Error al cargar el detalle por municipio: ',
  errorEstadoResultados: 'Error al cargar el estado de resultados: ',
  errorCartera: 'Error al cargar la salud de la cartera: ',
  formatoInvalido: 'Invalid response format',
  fechaInvalida: 'La fecha no es válida (AAAA-MM-DD)',
  fechaFueraDeRango: 'La fecha debe estar entre 2000 y 2099',
  fechaRequerida: 'La fecha es requerida',
  rangoInvertido: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  rangoMuyLargo: 'El rango no puede ser mayor a 5 años',
  ambasFechas: 'Seleccione la fecha de inicio y la fecha de fin',
  capitalInyectado: '(Capital Inyectado)',
} as const;
