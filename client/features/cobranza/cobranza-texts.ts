// The Spanish texts of 'Cobranza' and 'Cortes de caja' (docs/producto.md §2.5 and §2.19).
import type { WeekState } from './cobranza-model';

export const cobranzaTexts = {
  titulo: 'Cobranza',
  buscar: 'Buscar cliente',
  todos: 'Todos',
  pendientes: 'Pendientes',
  hechos: 'Hechos',
  ordenar: 'Ordenar ruta',
  terminarOrden: 'Listo',
  ordenOriginal: 'Orden de la hoja',
  orden: 'Orden',
  vistas: { ruta: 'Ruta', atrasados: 'Atrasados primero', mio: 'Mi orden' },
  ordenandoAtrasos: 'Ordenando por atraso: se leen todos los préstamos de la semana…',
  diasAtraso: (bucket: string) => `Atraso de ${bucket}`,
  subir: 'Subir',
  bajar: 'Bajar',
  pago: 'Pagó',
  otroMonto: 'Otro monto',
  noPago: 'No pagó',
  compartir: 'Compartir recibo',
  deshacer: 'Deshacer',
  deshecho: 'Deshecho: no se enviará',
  yaEnviado: 'Ya se envió al servidor; no se puede deshacer desde el teléfono',
  llamar: 'Llamar',
  cerrarDia: 'Cerrar día',
  esperado: 'Esperado',
  cobrado: 'Cobrado',
  enTelefono: 'en el teléfono',
  clientes: 'Clientes',
  sinHoja:
    'Sin hoja de cobro para esta semana en este teléfono: se muestran los préstamos activos con pago en la semana.',
  vacio: 'No hay clientes por cobrar esta semana en sus municipios.',
  sinCoincidencias: 'Ningún cliente coincide con la búsqueda.',
  guardadoSinSenal: 'Guardado en el teléfono; se enviará al volver la señal',
  guardado: (what: string) => `${what} guardado; enviándose al servidor`,
  abono: 'Abono de la semana',
  cubierto: 'Cubierto',
  atraso: 'Atraso',
  ultimoPago: 'Último pago',
  sinPagos: 'Sin pagos',
  promesa: 'Promete pagar el',
  saldo: 'Saldo',
  reciboCopiado: 'Recibo copiado: péguelo en WhatsApp',
  reciboSinOpcion: 'No se pudo compartir el recibo en este teléfono',
  errorCarga: 'No se pudo leer la ruta de este teléfono',
} as const;

export const STATE_TEXT: Record<WeekState, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagado',
  parcial: 'Parcial',
  visitado: 'Visitado sin pago',
};

export const STATE_PALETTE: Record<WeekState, string> = {
  pendiente: 'gray',
  pagado: 'green',
  parcial: 'orange',
  visitado: 'purple',
};

export const semanasText = (n: number) => `${n} ${n === 1 ? 'semana' : 'semanas'}`;
