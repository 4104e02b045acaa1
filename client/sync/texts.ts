// What the sync says to the user (Spanish, as every text in the app).
export const syncTexts = {
  hueco:
    'El servidor no tiene cambios que este dispositivo ya envió y no puede reenviarlos; avise al administrador',
  servidorOcupado: 'El servidor no pudo aplicar los cambios en este momento; se reintentará',
  sinRespuesta: 'El servidor no respondió a los cambios enviados; se reintentará',
  sinEspacio:
    'El teléfono no tiene espacio para guardar más datos: libere espacio y vuelva a sincronizar. Los cambios pendientes siguen guardados',
  sinConexion: 'Sin conexión',
  sincronizando: 'Sincronizando…',
  sincronizado: 'Sincronizado',
  nuncaSincronizado: 'Aún no se ha sincronizado este dispositivo',
} as const;
