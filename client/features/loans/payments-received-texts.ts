// Spanish texts of the loan detail's 'Pagos recibidos' and its 'Corregir' dialog (only the screens use them).
import type { LedgerEntry } from '../../../shared/payments/types';

export const paymentsReceivedTexts = {
  titulo: 'Pagos recibidos',
  sinConexion: 'Sin conexión: los pagos recibidos se ven con señal.',
  sinPagos: 'Este préstamo aún no tiene pagos recibidos',
  errorCarga: 'Error al cargar los pagos recibidos',
  cargando: 'Cargando pagos recibidos',
  antes: 'antes',
  anulado: 'Anulado',
  corregir: 'Corregir',
  corregirPago: (recibo: string) => `Corregir pago ${recibo}`,
  correccion: 'Corrección',
  motivo: 'Motivo',
  por: 'Por',
  porSincronizar: 'Por sincronizar',
  rechazada: 'Rechazada',
  sinUsuario: 'Sin usuario',
  sinHora: '—',
  registrado: 'Registrado',
  llego: 'Llegó',
  // The dialog
  tituloDialogo: 'Corregir pago',
  montoCorrecto: 'Monto correcto',
  montoAyuda: '0 anula el pago',
  fecha: 'Fecha',
  fechaAyuda: (actual: string) => `Opcional: la fecha en que se recibió (ahora ${actual})`,
  motivoAyuda: 'Por qué se corrige; queda en el historial',
  // Short: the phone's footer gives the button half of 360 px.
  guardar: 'Guardar',
  guardada: 'Corrección guardada; se enviará al sincronizar.',
  noGuardada: 'No se pudo guardar la corrección: ',
} as const;

export const HEADERS = [
  'Fecha',
  'Monto',
  'Recibo',
  'Cobró',
  'Origen',
  'Filas',
  'Registrado / Llegó',
  'Acciones',
] as const;

/**
 * How the event arrived: synced from a device's outbox (a phone, or an office laptop: both queue payments the same
 * way), by an online call (aplicar-pago), converted from the rows' states when the ledger began (sql/020), or
 * brought by a portfolio import as the payments made before it (sql/021).
 */
export const ORIGEN_TEXTO: Record<LedgerEntry['origen'], string> = {
  telefono: 'Dispositivo',
  oficina: 'En línea',
  migracion: 'Migrado',
  importacion: 'Importado',
};
