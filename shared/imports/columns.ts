// The import template's columns (docs/producto.md §2.22): the server writes the template from these, the browser
// finds each column of a filled-in file by its header. One loan per row of 'Préstamos'; 'Pagos' optionally
// lists the payments made so far with their dates.

export interface ImportColumn<K extends string = string> {
  key: K;
  header: string;
  required: boolean;
  /** What goes in it, for the template's 'Instrucciones' sheet. */
  help: string;
  /** The example row's value. */
  example: string | number;
  width: number;
}

export const LOAN_SHEET = 'Préstamos';
export const PAYMENT_SHEET = 'Pagos';
export const HELP_SHEET = 'Instrucciones';

export const LOAN_COLUMNS = [
  {
    key: 'referencia',
    header: 'Referencia',
    required: true,
    help: 'El número o clave del préstamo en sus registros (hasta 40 caracteres). Única: si el archivo se importa otra vez, los préstamos con una referencia ya importada no se crean de nuevo.',
    example: 'L-0001',
    width: 14,
  },
  {
    key: 'clave_cliente',
    header: 'Clave del cliente',
    required: false,
    help: 'Su clave del cliente. Vacía: el cliente se reconoce por su nombre y teléfono.',
    example: 'C-001',
    width: 14,
  },
  {
    key: 'nombre',
    header: 'Nombre',
    required: true,
    help: 'Nombre completo del cliente.',
    example: 'María López Hernández',
    width: 28,
  },
  {
    key: 'telefono',
    header: 'Teléfono',
    required: true,
    help: 'De 8 a 15 dígitos.',
    example: '55 1234 5678',
    width: 16,
  },
  {
    key: 'municipio',
    header: 'Municipio',
    required: true,
    help: 'Tal como está escrito en Municipios (sin importar mayúsculas ni acentos).',
    example: 'San Miguel',
    width: 18,
  },
  {
    key: 'coordinadora',
    header: 'Coordinadora',
    required: false,
    help: 'Sí o No (vacío: No).',
    example: 'No',
    width: 13,
  },
  {
    key: 'empleado',
    header: 'Empleado',
    required: false,
    help: 'Sí o No (vacío: No).',
    example: 'No',
    width: 11,
  },
  {
    key: 'modalidad',
    header: 'Modalidad',
    required: true,
    help: 'DIARIO, SEMANAL, QUINCENAL o MENSUAL: una modalidad de pago de la cuenta. El interés y el número de pagos son los de esa modalidad.',
    example: 'SEMANAL',
    width: 13,
  },
  {
    key: 'monto_credito',
    header: 'Monto crédito',
    required: true,
    help: 'Lo prestado, en pesos.',
    example: 5000,
    width: 15,
  },
  {
    key: 'fecha_inicio',
    header: 'Fecha de inicio',
    required: true,
    help: 'Fecha del préstamo (DD/MM/AAAA o una fecha de Excel). El calendario de pagos se calcula desde ella.',
    example: '2026-10-05',
    width: 15,
  },
  {
    key: 'grupo',
    header: 'Grupo',
    required: false,
    help: 'Número de grupo en la ruta (vacío: el último del municipio).',
    example: 1,
    width: 8,
  },
  {
    key: 'nombre_aval',
    header: 'Nombre del aval',
    required: false,
    help: 'Obligatorio si la modalidad requiere aval.',
    example: '',
    width: 22,
  },
  {
    key: 'telefono_aval',
    header: 'Teléfono del aval',
    required: false,
    help: 'Obligatorio si la modalidad requiere aval.',
    example: '',
    width: 16,
  },
  {
    key: 'garantias',
    header: 'Garantías',
    required: false,
    help: 'Hasta 5, separadas por punto y coma (;).',
    example: 'Televisión; Refrigerador',
    width: 26,
  },
  {
    key: 'pagado',
    header: 'Pagado a la fecha',
    required: false,
    help: 'Lo que el cliente ha pagado hasta hoy, en pesos (vacío: 0, o la suma de sus pagos en la hoja Pagos). Sin pagos en la hoja Pagos, se registra como pagos de las fechas del calendario, en orden, marcados como importados.',
    example: 1750,
    width: 17,
  },
] as const satisfies readonly ImportColumn[];

export const PAYMENT_COLUMNS = [
  {
    key: 'referencia',
    header: 'Referencia',
    required: true,
    help: 'La referencia del préstamo en la hoja Préstamos.',
    example: 'L-0001',
    width: 14,
  },
  {
    key: 'fecha',
    header: 'Fecha',
    required: true,
    help: 'Fecha en que se recibió el pago (no posterior a hoy).',
    example: '2026-10-12',
    width: 14,
  },
  { key: 'monto', header: 'Monto', required: true, help: 'Lo recibido, en pesos.', example: 1750, width: 12 },
] as const satisfies readonly ImportColumn[];

export type LoanColumnKey = (typeof LOAN_COLUMNS)[number]['key'];
export type PaymentColumnKey = (typeof PAYMENT_COLUMNS)[number]['key'];

/** 'Teléfono del aval' and 'telefono  del AVAL' are the same header: case, accents and spacing do not count. */
export const normalizeName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export const columnHeader = (key: LoanColumnKey): string =>
  LOAN_COLUMNS.find((c) => c.key === key)?.header ?? key;
export const paymentColumnHeader = (key: PaymentColumnKey): string =>
  PAYMENT_COLUMNS.find((c) => c.key === key)?.header ?? key;
