// Spanish texts of located visits and payments on the screens (decision 029).
import { formatDistance } from '../../../shared/location/distance';

export const locationTexts = {
  // Cobranza: the reason, the first time.
  avisoTitulo: 'Esta cuenta registra dónde se cobra',
  aviso:
    'Al tocar «Pagó», «Otro monto» o «No pagó», el teléfono anota dónde está (latitud, longitud y precisión), ' +
    'para que la oficina sepa que la visita se hizo en el domicilio del cliente. Solo la oficina lo ve. Si el ' +
    'teléfono no da la ubicación, el cobro se guarda igual, sin ubicación. Ahora el teléfono le pedirá permiso.',
  entendido: 'Entendido',
  // Cobranza: the status line.
  estado: {
    apagada: 'Ubicación: lea el aviso de arriba',
    buscando: 'Ubicación: buscando…',
    lista: (precision: number) => `Ubicación lista (± ${formatDistance(precision)})`,
    vieja: 'Ubicación: la última es vieja; los cobros se guardan sin ubicación',
    denegada: 'Sin permiso de ubicación: los cobros se guardan sin ubicación',
    no_disponible: 'El teléfono no da la ubicación: los cobros se guardan sin ubicación',
  },
  // 'Guardar ubicación' on a card.
  guardarUbicacion: 'Guardar ubicación',
  guardarUbicacionDe: (cliente: string) => `Guardar ubicación de ${cliente}`,
  buscando: (cliente: string) => `Buscando la ubicación de ${cliente}…`,
  ubicacionDe: (cliente: string) => `Ubicación de ${cliente}`,
  guardada: (cliente: string) => `Ubicación de ${cliente} guardada; enviándose al servidor`,
  noGuardada: {
    denegada: 'No se guardó la ubicación: el teléfono no dio permiso. Actívelo en los ajustes del navegador.',
    no_disponible: 'No se guardó la ubicación: el teléfono no la encontró. Intente de nuevo en un momento.',
  },
  // The office.
  columna: 'Ubicación',
  verMapa: 'Ver mapa',
  verMapaDe: (que: string) => `Ver en el mapa dónde se registró ${que}`,
  delCliente: (metros: number) => `a ${formatDistance(metros)} del cliente`,
  sinLugarCliente: 'el cliente no tiene ubicación guardada',
  precision: (metros: number) => `± ${formatDistance(metros)}`,
  lugarCliente: 'Ubicación del cliente',
  lugarGuardado: (cuando: string, quien: string | null) =>
    `Guardada el ${cuando}${quien ? ` por ${quien}` : ''}`,
  sinLugar: 'El cliente no tiene ubicación guardada: se guarda con «Guardar ubicación» en Cobranza.',
  // Ajustes de la cuenta.
  ajustesTitulo: 'Ajustes de la cuenta',
  ajustesSubtitulo: 'Lo que decide el administrador para toda la cuenta',
  registrar: 'Registrar ubicación',
  registrarAyuda:
    'Los teléfonos anotan dónde se tocó «Pagó», «Otro monto» y «No pagó», y el cobrador puede guardar la ' +
    'ubicación del domicilio de cada cliente. La oficina (permiso REPORTES_VER) lo ve en los pagos recibidos y ' +
    'las visitas de cada préstamo, con la distancia al domicilio; un cobrador no ve ubicaciones. Apagado, el ' +
    'servidor no guarda ninguna. Llega a cada teléfono al iniciar sesión o renovar su sesión (cada 15 minutos ' +
    'con señal).',
  cargarError: 'Error al cargar los ajustes',
  guardarError: 'No se pudieron guardar los ajustes: ',
  sinConexion: 'Sin conexión: los ajustes se cambian con señal.',
} as const;
