// The Spanish texts of 'Estado de cuenta' (docs/producto.md §2.23): the screen, its printout and the text it shares.
import type { RowState } from './statement-model';

export const statementTexts = {
  titulo: 'Estado de cuenta',
  compartir: 'Compartir',
  imprimir: 'Imprimir',
  volver: 'Volver',
  al: (fecha: string) => `Al ${fecha}`,
  cargando: 'Cargando el estado de cuenta',
  errorCarga: 'No se pudo leer el estado de cuenta',
  sinCopia: 'Sin conexión: este préstamo no está guardado en este teléfono',
  noEncontrado: 'No se encontró el préstamo',
  copiado: 'Estado de cuenta copiado: péguelo en WhatsApp',
  sinOpcion: 'No se pudo compartir el estado de cuenta en este teléfono',
  // Client and loan
  cliente: 'Cliente',
  telefono: 'Teléfono',
  municipio: 'Municipio',
  referencia: 'Préstamo',
  grupo: 'Grupo',
  credito: 'Monto del crédito',
  conInteres: 'Monto con interés',
  abono: 'Abono',
  inicio: 'Fecha de inicio',
  fin: 'Fecha de fin',
  // Figures
  resumen: 'Resumen',
  pagado: 'Pagado',
  saldo: 'Saldo pendiente',
  saldoALiquidar: 'Saldo a liquidar',
  atraso: 'Atraso',
  alCorriente: 'Al corriente',
  atrasoValor: (pagos: number, monto: string, dias: number) =>
    `${pagos} ${pagos === 1 ? 'pago' : 'pagos'} · ${monto} (${dias} ${dias === 1 ? 'día' : 'días'})`,
  aCobrar: 'A cobrar esta semana',
  cubierto: 'Cubierto',
  proximo: 'Próximo pago',
  proximoValor: (numero: number, fecha: string, monto: string) => `Pago ${numero} · ${fecha} · ${monto}`,
  sinProximo: 'Sin pagos por vencer',
  // Payments
  pagos: 'Pagos recibidos',
  sinPagos: 'Sin pagos recibidos',
  fecha: 'Fecha',
  monto: 'Monto',
  registro: 'Registró',
  filas: 'Pagos',
  porSincronizar: 'por sincronizar',
  otroUsuario: 'Otro usuario',
  importadoOMigrado: 'Importado o migrado',
  // As 'Pagos recibidos' names those origins (client/features/loans/payments-received-texts.ts).
  importado: 'Importado',
  migrado: 'Migrado',
  sinUsuario: 'Sin usuario',
  anteriores: (fecha: string) => `Pagos anteriores al ${fecha}`,
  anterioresSinFecha: 'Pagos anteriores',
  ventanaTelefono: (dias: number) =>
    `Sin conexión: el teléfono guarda el detalle de los pagos de los últimos ${dias} días; los anteriores van sumados.`,
  // Schedule
  calendario: 'Calendario de pagos',
  numero: '#',
  vence: 'Vence',
  falta: 'Falta',
  estado: 'Estado',
  fechaPagada: 'Fecha pagada',
} as const;

export const ROW_STATE_TEXT: Record<RowState, string> = {
  pagado: 'Pagado',
  parcial: 'Parcial',
  atrasado: 'Atrasado',
  pendiente: 'Pendiente',
  renovado: 'Renovado',
};
