import { MODALIDADES } from '../../shared/loans/terms';
import { toCents, toPesos } from '../../shared/money';
import type { PaymentMethod } from '../../shared/payment-methods/types';
import type { Db } from '../db/connect';

type NumericField = 'monto_minimo' | 'monto_maximo' | 'interes' | 'interes_coordinadora' | 'interes_empleado';
export type PaymentMethodRow = Omit<PaymentMethod, NumericField> & Record<NumericField, string>;

// numeric(…,2) arrives as text: to a JSON number with two decimals, once, here.
const num = (value: string) => toPesos(toCents(value)!);

export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  ...row,
  monto_minimo: num(row.monto_minimo),
  monto_maximo: num(row.monto_maximo),
  interes: num(row.interes),
  interes_coordinadora: num(row.interes_coordinadora),
  interes_empleado: num(row.interes_empleado),
});

/** The account's payment methods, DIARIO → MENSUAL. */
export async function listPaymentMethods(db: Db, accountId: number): Promise<PaymentMethod[]> {
  const rows = await db<PaymentMethodRow[]>`
    select id, modalidad_pago, monto_minimo, monto_maximo, interes, total_pagos, interes_coordinadora,
      total_pagos_coordinadora, interes_empleado, total_pagos_empleado, requiere_aval
    from payment_methods
    where account_id = ${accountId}
    order by array_position(${[...MODALIDADES]}::text[], modalidad_pago), id`;
  return rows.map(toPaymentMethod);
}

/** One of the account's payment methods; undefined when the id is not the account's. */
export async function findPaymentMethod(
  db: Db,
  accountId: number,
  id: number,
): Promise<PaymentMethod | undefined> {
  const [row] = await db<PaymentMethodRow[]>`
    select id, modalidad_pago, monto_minimo, monto_maximo, interes, total_pagos, interes_coordinadora,
      total_pagos_coordinadora, interes_empleado, total_pagos_empleado, requiere_aval
    from payment_methods
    where id = ${id} and account_id = ${accountId}`;
  return row && toPaymentMethod(row);
}
