// Interest and number of payments by client type (docs/producto.md §9).

export const MODALIDADES = ['DIARIO', 'SEMANAL', 'QUINCENAL', 'MENSUAL'] as const;
export type ModalidadPago = (typeof MODALIDADES)[number];

export type ClientType = 'regular' | 'coordinadora' | 'empleado';

/** The parts of a payment method that set a loan's terms. `interes*` are percents (numeric(6,2) in Postgres). */
export interface PaymentMethodTerms {
  interes: number;
  total_pagos: number;
  interes_coordinadora: number;
  total_pagos_coordinadora: number;
  interes_empleado: number;
  total_pagos_empleado: number;
}

export interface LoanTerms {
  /** Percent, e.g. 20 for 20 %. */
  interes: number;
  totalPagos: number;
}

/**
 * A client flagged both empleado and coordinadora gets the employee terms. docs/producto.md §9 does not say which wins;
 * the employee rate is an agreement the business makes with its own staff, it is the more specific
 * relationship (any client can be made coordinadora of a group), and in practice it is the lowest rate,
 * so adding a role never makes a client's loan dearer.
 */
export function clientTypeOf(client: { coordinadora: boolean; empleado: boolean }): ClientType {
  if (client.empleado) return 'empleado';
  if (client.coordinadora) return 'coordinadora';
  return 'regular';
}

export function termsFor(method: PaymentMethodTerms, clientType: ClientType): LoanTerms {
  switch (clientType) {
    case 'empleado':
      return { interes: method.interes_empleado, totalPagos: method.total_pagos_empleado };
    case 'coordinadora':
      return { interes: method.interes_coordinadora, totalPagos: method.total_pagos_coordinadora };
    default:
      return { interes: method.interes, totalPagos: method.total_pagos };
  }
}
