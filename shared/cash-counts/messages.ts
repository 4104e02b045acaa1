export const cashCountMessages = {
  contadoRequerido: 'Escriba cuánto efectivo contó (un número mayor o igual a 0, con hasta dos decimales)',
  fechaInvalida: 'La fecha del corte no es válida',
  fechaFutura: 'La fecha del corte no puede ser posterior a hoy',
  fechaFueraDeRango: 'La fecha del corte no puede ser anterior al año 2000',
  notaLarga: 'La nota admite como máximo 200 caracteres',
  corteDuplicado: 'Este corte ya fue registrado (recibo duplicado)',
  usuarioInvalido: 'El cobrador no es válido',
  cargaError: 'Error al cargar los cortes de caja',
} as const;

export const receiptMessages = {
  numeroInvalido: 'Escriba el número de recibo como aparece en el mensaje (por ejemplo R-3F9A-12C7)',
  noEncontrado: 'No se encontró ningún movimiento con ese número de recibo',
} as const;
