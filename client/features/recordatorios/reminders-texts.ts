// The Spanish texts of 'Recordatorios de mañana' (docs/producto.md §2.24) and of the message each client receives.

export const remindersTexts = {
  deManana: 'Recordatorios de mañana',
  titulo: 'Recordatorios',
  subtitulo: (town: string, cuando: string) => `${town} · cobro ${cuando}`,
  municipio: 'Municipio',
  opcion: (town: string, cuando: string) => `${town} · ${cuando}`,
  volver: 'Volver a Cobranza',
  cargando: 'Cargando los recordatorios',
  errorCarga: 'No se pudieron leer los recordatorios de este teléfono',
  sinMunicipios: 'No hay préstamos por cobrar en los municipios de este teléfono.',
  sinClientes: 'Nadie de este municipio tiene pago por cobrar ese día.',
  avisados: (hechos: number, total: number) => `Avisados: ${hechos} de ${total}`,
  aCobrar: 'A cobrar',
  incluyeAtraso: (monto: string) => `incluye ${monto} de atraso`,
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  whatsappA: (cliente: string) => `Enviar recordatorio por WhatsApp a ${cliente}`,
  smsA: (cliente: string) => `Enviar recordatorio por SMS a ${cliente}`,
  sinTelefono: 'Sin teléfono de 10 dígitos: avise en persona o por llamada.',
  marcar: 'Marcar avisado',
  quitar: 'Quitar marca',
  avisado: 'Avisado',
  via: { whatsapp: 'por WhatsApp', sms: 'por SMS', manual: 'a mano' },
  nota: 'Cada enlace abre el mensaje ya escrito en el teléfono; el servidor no envía nada. Quien ya fue avisado queda marcado en este teléfono.',
  manana: 'mañana',
  // The message
  mensaje: (p: {
    cliente: string;
    cuando: string;
    monto: string;
    atraso: string | null;
    referencia: string;
    negocio: string;
  }) =>
    `Hola ${p.cliente}, le recordamos que ${p.cuando} pasamos a cobrar su abono de ${p.monto}${
      p.atraso ? ` (incluye ${p.atraso} de atraso)` : ''
    }, préstamo ${p.referencia}. ${p.negocio}`.trim(),
} as const;

/** Monday = 0, as shared/dates weekdayIndex counts. */
export const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;
