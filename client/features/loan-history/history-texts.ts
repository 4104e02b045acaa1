// What the loan history screen says (Spanish, as every text in the app).
export const historyTexts = {
  titulo: 'Historial de Créditos',
  subtitulo: 'Pagos de cada crédito por semana, por grupo y cliente',
  municipio: 'Municipio',
  todos: 'Todos los municipios',
  filtrar: 'Filtrar',
  cargando: 'Cargando historial...',
  incluirServidor: 'Incluir créditos anteriores (servidor)',
  incluirServidorAyuda: 'Agrega los créditos cerrados hace más de 8 semanas, que este dispositivo no guarda.',
  sinConexion: 'Sin conexión: se muestran los créditos guardados en este dispositivo',
  vacio: 'No hay créditos para mostrar',
  errorDispositivo: 'Error al leer el historial guardado en este dispositivo',
  errorServidor: 'Error al cargar los créditos anteriores del servidor',
  sinSnapshot:
    'Este dispositivo aún no termina de descargar los créditos; la lista se completará al sincronizar.',
  leyenda: 'Colores de los pagos',
  tabla: 'Historial de créditos',
  desplazable: 'Cuadrícula de pagos (desplazable con las flechas)',
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  delServidor: 'Del servidor',
} as const;
