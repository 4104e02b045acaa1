// Spanish texts shared by server and client. docs/producto.md §5 and §8 texts are quoted exactly.
export const mensajes = {
  credencialesInvalidas: 'Credenciales inválidas',
  soloUltimoUsuario:
    'Sin conexión: solo el último usuario que inició sesión en este teléfono puede entrar sin señal',
  // docs/producto.md §8's 'Refresh token is invalid', in Spanish like every other message (decision 016).
  refreshInvalido: 'El token de actualización no es válido',
  sesionExpirada: 'AuthenticationError: Session expired or refresh token invalid',
  noAutenticado: 'Debe iniciar sesión para continuar',
  sinPermiso: 'No tiene permiso para realizar esta acción',
  noEncontrado: 'No se encontró el recurso solicitado',
  jsonInvalido: 'El cuerpo de la solicitud no es JSON válido',
  cuerpoMuyGrande: 'La solicitud es demasiado grande',
  demasiadosIntentos: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos minutos.',
  // The login back-off's first waits last seconds (decision 016).
  demasiadosIntentosSegundos: 'Demasiados intentos de inicio de sesión. Intente de nuevo en unos segundos.',
  errorInterno: 'Ocurrió un error inesperado. Intente de nuevo.',
  baseDeDatosNoDisponible:
    'El servidor no puede conectarse a la base de datos; intente de nuevo en unos momentos',
  servidorPreparando: 'El servidor se está preparando; intente de nuevo en unos segundos',
  servidorOcupado:
    'El servidor está atendiendo otro cambio de los mismos datos; intente de nuevo en unos momentos',
  consultaDemasiadoLarga:
    'La consulta tardó demasiado y se canceló; intente con un rango de fechas más corto o en unos momentos',
  datosInvalidos: 'Los datos enviados no son válidos',
  sinConexion: 'Sin conexión: esta acción requiere internet',
  /** docs/producto.md §8: a save or delete went through, the list's reload after it did not. */
  recargaFallida: (reason: string) =>
    `Error: Los datos se guardaron, pero no se pudo recargar la lista: ${reason}`,
  emailRequerido: 'El email es requerido',
  emailInvalido: 'El email no es válido',
  contrasenaRequerida: 'La contraseña es requerida',
} as const;
