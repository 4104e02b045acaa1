// The fixed part of the demo: two businesses, their towns, payment methods, catalogue and people.
import type { ModalidadPago, PaymentMethodTerms } from '../../shared/loans/terms';
import type { SEEDED_ROLES } from '../../shared/permissions';
import type { Scenario } from './demo-loans';

export type CollectionDay = 'LUNES' | 'MARTES' | 'MIERCOLES' | 'JUEVES' | 'VIERNES';
export type SeededRole = keyof typeof SEEDED_ROLES;
export type ExpenseType = 'OPERACION' | 'FINANCIERO' | 'OTROS';
export type InvestmentType = 'Aportacion' | 'Retiro' | 'Capital Inicial' | 'Reinversion';

export interface DemoMunicipality {
  name: string;
  collectionDay: CollectionDay;
  /** Lada of the town, so phone numbers look local. */
  areaCode: string;
  clients: number;
  groups: number;
}

export interface DemoMethod extends PaymentMethodTerms {
  modalidad: ModalidadPago;
  /** Pesos. */
  montoMinimo: number;
  montoMaximo: number;
  requiereAval: boolean;
}

export interface DemoExpense {
  identificador: string;
  concepto: string;
  tipo: ExpenseType;
  /** Pesos range and how many in the last three months. */
  min: number;
  max: number;
  times: number;
}

export interface DemoInvestment {
  daysAgo: number;
  importe: number;
  responsable: string;
  tipo: InvestmentType;
  descripcion: string;
}

export interface DemoAccount {
  name: string;
  /** PRNG seed, so each account's data is stable. */
  seed: number;
  users: { email: string; name: string; role: SeededRole }[];
  /** Whether its ADMINISTRADOR role keeps CUENTAS_GESTIONAR (acting across accounts). */
  managesAccounts: boolean;
  municipalities: DemoMunicipality[];
  methods: DemoMethod[];
  params: { comisionAbonosPct: number; comisionCreditosPct: number };
  expenses: DemoExpense[];
  investments: DemoInvestment[];
  /**
   * Clients (by position in the account) who are also staff. The first client of each group is its
   * coordinadora, so 46 (first of Santa María del Tule) is both and gets the employee terms.
   */
  empleados: number[];
  /** Clients (by position) left without a loan: just registered. */
  withoutLoan: number[];
  /** The loan stories dealt to the other clients in turn (default SCENARIO_CYCLE: 12 clients → 17 loans). */
  scenarios?: readonly Scenario[];
}

export const DEMO_PASSWORD = 'demo1234';

const terms = (regular: [number, number], coordinadora: [number, number], empleado: [number, number]) => ({
  interes: regular[0],
  total_pagos: regular[1],
  interes_coordinadora: coordinadora[0],
  total_pagos_coordinadora: coordinadora[1],
  interes_empleado: empleado[0],
  total_pagos_empleado: empleado[1],
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    name: 'Préstamos La Esperanza',
    managesAccounts: true,
    seed: 20_240_131,
    users: [
      { email: 'admin@demo.mx', name: 'Administrador Demo', role: 'ADMINISTRADOR' },
      { email: 'captura@demo.mx', name: 'Capturista Demo', role: 'CAPTURISTA' },
      { email: 'cobrador@demo.mx', name: 'Cobrador Demo', role: 'COBRADOR' },
    ],
    municipalities: [
      { name: 'Atlixco', collectionDay: 'LUNES', areaCode: '244', clients: 16, groups: 4 },
      { name: 'San Martín Texmelucan', collectionDay: 'MARTES', areaCode: '248', clients: 15, groups: 3 },
      { name: 'Huamantla', collectionDay: 'JUEVES', areaCode: '247', clients: 15, groups: 3 },
      { name: 'Santa María del Tule', collectionDay: 'VIERNES', areaCode: '951', clients: 14, groups: 2 },
    ],
    methods: [
      {
        modalidad: 'DIARIO',
        montoMinimo: 500,
        montoMaximo: 5000,
        requiereAval: false,
        ...terms([15, 24], [12, 24], [8, 24]),
      },
      {
        modalidad: 'SEMANAL',
        montoMinimo: 1000,
        montoMaximo: 30000,
        requiereAval: false,
        ...terms([20, 14], [15, 14], [10, 14]),
      },
      {
        modalidad: 'QUINCENAL',
        montoMinimo: 2000,
        montoMaximo: 40000,
        requiereAval: false,
        ...terms([25, 8], [20, 8], [12, 8]),
      },
      {
        modalidad: 'MENSUAL',
        montoMinimo: 5000,
        montoMaximo: 50000,
        requiereAval: true,
        ...terms([30, 6], [25, 6], [15, 6]),
      },
    ],
    params: { comisionAbonosPct: 5, comisionCreditosPct: 3 },
    expenses: [
      { identificador: 'GAS', concepto: 'Gasolina', tipo: 'OPERACION', min: 350, max: 900, times: 5 },
      { identificador: 'PAP', concepto: 'Papelería', tipo: 'OPERACION', min: 150, max: 450, times: 2 },
      {
        identificador: 'SUE',
        concepto: 'Sueldo cobrador',
        tipo: 'OPERACION',
        min: 3200,
        max: 3200,
        times: 6,
      },
      {
        identificador: 'REN',
        concepto: 'Renta de oficina',
        tipo: 'OPERACION',
        min: 4500,
        max: 4500,
        times: 3,
      },
      {
        identificador: 'TEL',
        concepto: 'Teléfono/Internet',
        tipo: 'OPERACION',
        min: 599,
        max: 599,
        times: 3,
      },
      {
        identificador: 'COM',
        concepto: 'Comisión bancaria',
        tipo: 'FINANCIERO',
        min: 45,
        max: 180,
        times: 2,
      },
      {
        identificador: 'INT',
        concepto: 'Intereses de préstamo',
        tipo: 'FINANCIERO',
        min: 1250,
        max: 1250,
        times: 1,
      },
      { identificador: 'OTR', concepto: 'Otros', tipo: 'OTROS', min: 200, max: 600, times: 1 },
    ],
    investments: [
      {
        daysAgo: 88,
        importe: 150_000,
        responsable: 'Administrador Demo',
        tipo: 'Capital Inicial',
        descripcion: 'Capital para arranque de cartera',
      },
      {
        daysAgo: 61,
        importe: 25_000,
        responsable: 'Ernesto Vázquez Rosas',
        tipo: 'Aportacion',
        descripcion: 'Aportación de socio',
      },
      {
        daysAgo: 45,
        importe: 18_000,
        responsable: 'Administrador Demo',
        tipo: 'Reinversion',
        descripcion: 'Reinversión de intereses cobrados',
      },
      {
        daysAgo: 30,
        importe: 8_000,
        responsable: 'Ernesto Vázquez Rosas',
        tipo: 'Retiro',
        descripcion: 'Retiro parcial de utilidades',
      },
      {
        daysAgo: 19,
        importe: 12_000,
        responsable: 'Administrador Demo',
        tipo: 'Aportacion',
        descripcion: 'Aportación para temporada escolar',
      },
      {
        daysAgo: 6,
        importe: 15_000,
        responsable: 'Administrador Demo',
        tipo: 'Reinversion',
        descripcion: 'Reinversión de cobranza semanal',
      },
    ],
    empleados: [7, 22, 46],
    withoutLoan: [14, 29, 44, 59],
  },
  {
    name: 'Créditos del Valle',
    managesAccounts: false,
    seed: 19_991_231,
    users: [{ email: 'admin@otra.mx', name: 'Administradora del Valle', role: 'ADMINISTRADOR' }],
    municipalities: [
      { name: 'Tlacolula de Matamoros', collectionDay: 'MIERCOLES', areaCode: '951', clients: 6, groups: 2 },
      { name: 'Ocotlán de Morelos', collectionDay: 'VIERNES', areaCode: '951', clients: 5, groups: 1 },
    ],
    methods: [
      {
        modalidad: 'SEMANAL',
        montoMinimo: 1000,
        montoMaximo: 20000,
        requiereAval: false,
        ...terms([18, 12], [14, 12], [10, 12]),
      },
      {
        modalidad: 'QUINCENAL',
        montoMinimo: 2000,
        montoMaximo: 25000,
        requiereAval: true,
        ...terms([22, 6], [18, 6], [10, 6]),
      },
    ],
    params: { comisionAbonosPct: 4, comisionCreditosPct: 2 },
    expenses: [
      { identificador: 'GAS', concepto: 'Gasolina', tipo: 'OPERACION', min: 300, max: 700, times: 2 },
      {
        identificador: 'REN',
        concepto: 'Renta de oficina',
        tipo: 'OPERACION',
        min: 3000,
        max: 3000,
        times: 2,
      },
      {
        identificador: 'COM',
        concepto: 'Comisión bancaria',
        tipo: 'FINANCIERO',
        min: 40,
        max: 120,
        times: 1,
      },
      { identificador: 'OTR', concepto: 'Otros', tipo: 'OTROS', min: 150, max: 400, times: 1 },
    ],
    investments: [
      {
        daysAgo: 85,
        importe: 60_000,
        responsable: 'Administradora del Valle',
        tipo: 'Capital Inicial',
        descripcion: 'Capital inicial de la cuenta',
      },
      {
        daysAgo: 20,
        importe: 10_000,
        responsable: 'Administradora del Valle',
        tipo: 'Aportacion',
        descripcion: 'Aportación para nuevos créditos',
      },
    ],
    empleados: [3],
    withoutLoan: [10],
    // A smaller book: 10 clients → 12 loans.
    scenarios: [
      'midway',
      'fresh',
      'partial',
      'renewal',
      'vencido',
      'paidThenMidway',
      'midway',
      'arrears',
      'paidOnly',
      'fresh',
    ],
  },
];

/** Most clients of group lending are women; every coordinadora is. */
// biome-ignore format: a list of names reads better packed
export const WOMEN_NAMES = [
  'María Guadalupe', 'Juana', 'Rosa María', 'Verónica', 'Leticia', 'Margarita', 'Alejandra', 'Patricia',
  'Claudia', 'Adriana', 'Guadalupe', 'Josefina', 'Elena', 'Beatriz', 'Silvia', 'Araceli', 'Norma', 'Teresa',
  'Carmen', 'Laura', 'Gabriela', 'Yolanda', 'Martha', 'Sandra', 'Lucía', 'Irma', 'Maribel', 'Rocío',
  'Ana Laura', 'Socorro', 'Esperanza', 'Francisca', 'Isabel', 'Reyna', 'Lorena', 'Angélica', 'Mónica',
] as const;

/** A few clients are men. */
// biome-ignore format: a list of names reads better packed
export const MEN_NAMES = [
  'José Luis', 'Juan Carlos', 'Miguel Ángel', 'Francisco', 'Pedro', 'Jorge', 'Raúl', 'Arturo',
] as const;

// biome-ignore format: a list of names reads better packed
export const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz',
  'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz',
  'Mendoza', 'Aguilar', 'Ortiz', 'Castillo', 'Romero', 'Juárez', 'Méndez', 'Rosas', 'Santiago', 'Bautista',
  'Xicohténcatl', 'Zempoalteca', 'Coyotl', 'Tepale', 'Matías', 'Ventura',
] as const;

// biome-ignore format: a list of names reads better packed
export const GUARANTEES = [
  'Televisión de 32 pulgadas', 'Refrigerador', 'Estufa de 4 quemadores', 'Lavadora', 'Motocicleta Italika',
  'Juego de sala', 'Pagaré firmado', 'Teléfono celular', 'Horno de microondas', 'Bicicleta',
  'Comedor de 6 sillas', 'Máquina de coser', 'Licuadora', 'Ropero de madera',
] as const;
