// Catalog rows for the new-loan form's pure helpers (shaped like the demo account's).

import type { SearchableClient } from '../../../../client/features/new-loan/client-suggestions';
import type { CatalogMunicipality, LoanCatalog } from '../../../../client/features/new-loan/resolve-form';
import type { PaymentMethod } from '../../../../shared/payment-methods/types';

export const method = (id: number, over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  modalidad_pago: 'SEMANAL',
  monto_minimo: 1000,
  monto_maximo: 30000,
  interes: 20,
  total_pagos: 14,
  interes_coordinadora: 15,
  total_pagos_coordinadora: 14,
  interes_empleado: 10,
  total_pagos_empleado: 14,
  requiere_aval: false,
  ...over,
});

export const DIARIO = method(1, {
  modalidad_pago: 'DIARIO',
  monto_minimo: 500,
  monto_maximo: 5000,
  total_pagos: 24,
});
export const SEMANAL = method(2);
export const MENSUAL = method(4, {
  modalidad_pago: 'MENSUAL',
  monto_minimo: 5000,
  monto_maximo: 50000,
  interes: 30,
  total_pagos: 6,
  requiere_aval: true,
});

export const client = (
  id: number,
  nombre: string,
  over: Partial<SearchableClient> = {},
): SearchableClient => ({
  id,
  nombre,
  telefono: `24411${String(id).padStart(5, '0')}`,
  coordinadora: false,
  empleado: false,
  municipality_id: 1,
  ...over,
});

export const municipality = (id: number, over: Partial<CatalogMunicipality> = {}): CatalogMunicipality => ({
  id,
  name: `Municipio ${id}`,
  collection_day: 'LUNES',
  delete: false,
  ...over,
});

export const catalog = (over: Partial<LoanCatalog> = {}): LoanCatalog => ({
  clients: [client(1, 'María López'), client(2, 'Rosa Pérez', { coordinadora: true, municipality_id: 2 })],
  municipalities: [municipality(1), municipality(2, { name: 'Huamantla', collection_day: 'JUEVES' })],
  methods: [DIARIO, SEMANAL, MENSUAL],
  ...over,
});
