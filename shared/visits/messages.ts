export const visitMessages = {
  motivoRequerido: 'Seleccione el motivo de la visita',
  fechaPromesaRequerida: 'Indique la fecha en que promete pagar',
  fechaPromesaInvalida: 'La fecha de la promesa no es válida',
  fechaPromesaPasada: 'La fecha de la promesa no puede ser anterior a la visita',
  fechaPromesaLejana: 'La fecha de la promesa no puede ser más de un año después de la visita',
  notaRequerida: 'Escriba qué pasó en la visita',
  notaLarga: 'La nota admite como máximo 200 caracteres',
  fechaVisitaInvalida: 'La fecha de la visita no es válida',
  fechaVisitaFutura: 'La fecha de la visita no puede ser posterior a hoy',
  fechaVisitaFueraDeRango: 'La fecha de la visita no puede ser anterior al año 2000',
  visitaDuplicada: 'Esta visita ya fue registrada (recibo duplicado)',
  visitaRegistrada: 'Visita guardada en el teléfono; se enviará al volver la señal',
} as const;
