// What the app says when the browser emptied the phone's store (device-marker.ts).
export const storageClearedTexts = {
  titulo: 'El navegador borró los datos guardados en este teléfono',
  descarga:
    'Pudo ser por falta de espacio o al limpiar los datos del navegador. La sesión sigue abierta: los créditos se vuelven a descargar del servidor en cuanto hay señal.',
  pendientes: (n: number) =>
    n === 1
      ? 'Había 1 cambio sin enviar: si no aparece al terminar la descarga, regístrelo de nuevo.'
      : `Había ${n} cambios sin enviar: si no aparecen al terminar la descarga, regístrelos de nuevo.`,
  entendido: 'Entendido',
};
