// What a new account starts with, so it can lend from its first day (docs/producto.md §9.2): the roles of every
// installation, one payment method per modality, its commission parameters and an expense catalogue. All of
// it is configuration the account's administrator edits afterwards; none of it is money.
import type { ModalidadPago } from '../../shared/loans/terms';
import { SEEDED_ROLES } from '../../shared/permissions';
import type { Db } from '../db/connect';

type ExpenseType = 'OPERACION' | 'FINANCIERO' | 'OTROS';

interface DefaultMethod {
  modalidad_pago: ModalidadPago;
  monto_minimo: number;
  monto_maximo: number;
  /** Interest % and number of payments: regular client, coordinadora, employee. */
  regular: [number, number];
  coordinadora: [number, number];
  empleado: [number, number];
  requiere_aval: boolean;
}

/** The terms the demo account lends on: a common street-lending ladder, shorter and cheaper per period as the period grows. */
export const DEFAULT_PAYMENT_METHODS: readonly DefaultMethod[] = [
  {
    modalidad_pago: 'DIARIO',
    monto_minimo: 500,
    monto_maximo: 5000,
    regular: [15, 24],
    coordinadora: [12, 24],
    empleado: [8, 24],
    requiere_aval: false,
  },
  {
    modalidad_pago: 'SEMANAL',
    monto_minimo: 1000,
    monto_maximo: 30000,
    regular: [20, 14],
    coordinadora: [15, 14],
    empleado: [10, 14],
    requiere_aval: false,
  },
  {
    modalidad_pago: 'QUINCENAL',
    monto_minimo: 2000,
    monto_maximo: 40000,
    regular: [25, 8],
    coordinadora: [20, 8],
    empleado: [12, 8],
    requiere_aval: false,
  },
  {
    modalidad_pago: 'MENSUAL',
    monto_minimo: 5000,
    monto_maximo: 50000,
    regular: [30, 6],
    coordinadora: [25, 6],
    empleado: [15, 6],
    requiere_aval: true,
  },
];

/** Commission on collected abonos and on credits disbursed (docs/reglas-del-negocio.md), in percent. */
export const DEFAULT_LOAN_PARAMS = { comision_abonos_pct: 5, comision_creditos_pct: 2 } as const;

export const DEFAULT_EXPENSE_CATALOGUE: readonly {
  identificador: string;
  concepto: string;
  tipo: ExpenseType;
}[] = [
  { identificador: 'GAS', concepto: 'Gasolina', tipo: 'OPERACION' },
  { identificador: 'PAP', concepto: 'Papelería', tipo: 'OPERACION' },
  { identificador: 'SUE', concepto: 'Sueldos', tipo: 'OPERACION' },
  { identificador: 'REN', concepto: 'Renta de oficina', tipo: 'OPERACION' },
  { identificador: 'TEL', concepto: 'Teléfono/Internet', tipo: 'OPERACION' },
  { identificador: 'COM', concepto: 'Comisión bancaria', tipo: 'FINANCIERO' },
  { identificador: 'INT', concepto: 'Intereses de préstamo', tipo: 'FINANCIERO' },
  { identificador: 'OTR', concepto: 'Otros', tipo: 'OTROS' },
];

/** One payment method per modalidad with the default terms (a new account's, a benchmark's). */
export async function insertDefaultPaymentMethods(tx: Db, accountId: number): Promise<void> {
  await tx`insert into payment_methods ${tx(
    DEFAULT_PAYMENT_METHODS.map((m) => ({
      account_id: accountId,
      modalidad_pago: m.modalidad_pago,
      monto_minimo: m.monto_minimo,
      monto_maximo: m.monto_maximo,
      interes: m.regular[0],
      total_pagos: m.regular[1],
      interes_coordinadora: m.coordinadora[0],
      total_pagos_coordinadora: m.coordinadora[1],
      interes_empleado: m.empleado[0],
      total_pagos_empleado: m.empleado[1],
      requiere_aval: m.requiere_aval,
    })),
  )}`;
}

/**
 * Gives a freshly inserted account its starting configuration, in the caller's transaction. Account
 * management (CUENTAS_GESTIONAR) spans every account, so it stays with the account that runs the installation
 * (`managesAccounts`): another account's ADMINISTRADOR gets every other permission. Returns the roles' ids.
 */
export async function provisionAccount(
  tx: Db,
  accountId: number,
  opts: { managesAccounts?: boolean } = {},
): Promise<Record<keyof typeof SEEDED_ROLES, number>> {
  const roleNames = Object.keys(SEEDED_ROLES) as (keyof typeof SEEDED_ROLES)[];
  const roles = await tx<{ id: number; role_name: keyof typeof SEEDED_ROLES }[]>`insert into roles
    ${tx(roleNames.map((role_name) => ({ account_id: accountId, role_name })))} returning id, role_name`;
  await tx`insert into role_permissions ${tx(
    roles.flatMap((r) =>
      SEEDED_ROLES[r.role_name]
        .filter((permission) => opts.managesAccounts || permission !== 'CUENTAS_GESTIONAR')
        .map((permission) => ({ role_id: r.id, permission })),
    ),
  )}`;
  await insertDefaultPaymentMethods(tx, accountId);
  await tx`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${accountId}, ${DEFAULT_LOAN_PARAMS.comision_abonos_pct}, ${DEFAULT_LOAN_PARAMS.comision_creditos_pct})`;
  await tx`insert into catalogo_egresos ${tx(
    DEFAULT_EXPENSE_CATALOGUE.map((e) => ({ account_id: accountId, ...e })),
  )}`;
  return Object.fromEntries(roles.map((r) => [r.role_name, r.id])) as Record<
    keyof typeof SEEDED_ROLES,
    number
  >;
}
