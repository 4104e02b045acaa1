// What the account export holds (docs/producto.md §2.13): each table's JSON key, sheet name, description and
// fields, in the order they are written. server/accounts/export.ts reads and writes them.
import type { ExportRow } from './export-queries';

/**
 * How a field is written. money and percent: numeric text from PostgreSQL ('1234.50'); date: 'YYYY-MM-DD';
 * datetime: an instant (ISO in the JSON, the business's wall-clock time in the workbook); bool: Sí/No in the
 * workbook; list: an array (comma-separated in the workbook); json: any JSON value (its text in the workbook).
 */
export type FieldKind = 'text' | 'int' | 'money' | 'percent' | 'date' | 'datetime' | 'bool' | 'list' | 'json';

export interface ExportField {
  /** The JSON key, the row's column name. */
  key: string;
  /** The workbook's column header. */
  header: string;
  kind: FieldKind;
  /** Column width in characters. */
  width: number;
}

export interface TableSpec {
  /** The JSON array's name. */
  key: string;
  /** The sheet's name (≤ 31 characters). */
  sheet: string;
  /** What the Resumen says the sheet holds. */
  description: string;
  fields: readonly ExportField[];
}

export interface ExportTable extends TableSpec {
  rows: ExportRow[];
}

export interface AccountExport {
  account: { id: number; name: string; created_at: string };
  /** The snapshot's time (the transaction's now()). */
  generatedAt: Date;
  timeZone: string;
  tables: ExportTable[];
}

const f = (key: string, header: string, kind: FieldKind, width = 12): ExportField => ({
  key,
  header,
  kind,
  width,
});

const receiptFields = [f('receipt_id', 'ID de recibo', 'text', 38), f('recibo', 'Recibo', 'text', 13)];
const deviceFields = [
  f('dispositivo', 'Dispositivo', 'text', 38),
  f('mutation_id', 'Núm. de cambio', 'int', 10),
  f('client_time', 'Hora del teléfono', 'datetime', 17),
  f('created_at', 'Hora del servidor', 'datetime', 17),
];

export const CLIENTS: TableSpec = {
  key: 'clientes',
  sheet: 'Clientes',
  description: 'Un renglón por cliente, con su municipio.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('nombre', 'Nombre', 'text', 28),
    f('telefono', 'Teléfono', 'text', 14),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('coordinadora', 'Coordinadora', 'bool', 12),
    f('empleado', 'Empleado', 'bool', 10),
    f('created_at', 'Alta', 'datetime', 17),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

export const LOANS: TableSpec = {
  key: 'prestamos',
  sheet: 'Préstamos',
  description: 'Un renglón por préstamo: condiciones, estado y quién lo registró.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('loan_reference', 'Referencia', 'text', 12),
    f('client_id', 'ID cliente', 'int', 9),
    f('cliente', 'Cliente', 'text', 28),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('grupo', 'Grupo', 'int', 7),
    f('modalidad_pago', 'Modalidad', 'text', 11),
    f('fecha_inicio', 'Fecha de inicio', 'date', 12),
    f('fecha_fin', 'Fecha de fin', 'date', 12),
    f('monto_credito', 'Monto crédito', 'money', 14),
    f('monto_con_interes', 'Monto con interés', 'money', 14),
    f('monto_entregado', 'Monto entregado', 'money', 14),
    f('interes', 'Interés', 'percent', 9),
    f('abono', 'Abono', 'money', 12),
    f('total_pagos', 'Total de pagos', 'int', 9),
    f('num_pago', 'Número de pago', 'int', 9),
    f('pagada', 'Pagado', 'bool', 8),
    f('vencido', 'Vencido', 'bool', 8),
    f('previous_loan_id', 'Renueva al préstamo (ID)', 'int', 12),
    f('nombre_aval', 'Aval', 'text', 22),
    f('telefono_aval', 'Teléfono del aval', 'text', 14),
    f('garantias', 'Garantías', 'list', 30),
    f('notas', 'Notas', 'text', 30),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('creado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
    f('closed_at', 'Cerrado', 'datetime', 17),
  ],
};

export const SCHEDULES: TableSpec = {
  key: 'calendarios',
  sheet: 'Calendario',
  description:
    'Las filas del calendario de cada préstamo (amortizaciones), con su monto propio y lo que tienen recibido.',
  fields: [
    f('id', 'ID', 'int', 9),
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('numero_pago', 'Número de pago', 'int', 9),
    f('referencia', 'Referencia', 'text', 15),
    f('fecha_pago', 'Fecha de pago', 'date', 12),
    f('monto', 'Monto', 'money', 12),
    f('pagada', 'Pagada', 'bool', 8),
    f('parcial', 'Parcial', 'money', 12),
    f('fecha_pagada', 'Fecha pagada', 'date', 12),
    f('renovo', 'Renovó', 'bool', 8),
    f('updated_by', 'ID de quien actualizó', 'int', 10),
    f('actualizado_por', 'Actualizó', 'text', 20),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

export const PAYMENTS: TableSpec = {
  key: 'pagos',
  sheet: 'Pagos',
  description:
    'El libro de pagos: cada pago y cada corrección tal como se registraron (nunca se modifican); en un pago, ' +
    'su monto y fecha vigentes después de su última corrección.',
  fields: [
    f('id', 'ID', 'int', 9),
    ...receiptFields,
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('kind', 'Tipo', 'text', 11),
    f('amount', 'Monto', 'money', 12),
    f('fecha', 'Fecha', 'date', 12),
    f('monto_vigente', 'Monto vigente', 'money', 12),
    f('fecha_vigente', 'Fecha vigente', 'date', 12),
    f('amortization_id', 'Fila apuntada (ID)', 'int', 10),
    f('fila_numero_pago', 'Fila apuntada (número)', 'int', 10),
    f('corrects_id', 'Corrige al pago (ID)', 'int', 10),
    f('corrige_recibo_id', 'Corrige al recibo (ID)', 'text', 38),
    f('corrige_recibo', 'Corrige al recibo', 'text', 13),
    f('reason', 'Motivo', 'text', 30),
    f('payment_method_id', 'ID modalidad', 'int', 9),
    f('modalidad_pago', 'Modalidad', 'text', 11),
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Usuario', 'text', 20),
    ...deviceFields,
    f('origen', 'Origen', 'text', 10),
  ],
};

export const VISITS: TableSpec = {
  key: 'visitas',
  sheet: 'Visitas',
  description: 'Visitas sin pago registradas por los cobradores (motivo, promesa y nota).',
  fields: [
    f('id', 'ID', 'int', 9),
    ...receiptFields,
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Usuario', 'text', 20),
    f('motivo', 'Motivo', 'text', 12),
    f('fecha', 'Fecha', 'date', 12),
    f('fecha_promesa', 'Fecha de promesa', 'date', 12),
    f('nota', 'Nota', 'text', 30),
    ...deviceFields,
  ],
};

export const CASH_COUNTS: TableSpec = {
  key: 'cortes',
  sheet: 'Cortes',
  description: 'Cortes de caja: lo registrado por el servidor, lo contado y la diferencia.',
  fields: [
    f('id', 'ID', 'int', 8),
    ...receiptFields,
    f('user_id', 'ID usuario', 'int', 9),
    f('usuario', 'Cobrador', 'text', 20),
    f('fecha', 'Fecha', 'date', 12),
    f('registrado', 'Registrado', 'money', 13),
    f('contado', 'Contado', 'money', 13),
    f('diferencia', 'Diferencia', 'money', 13),
    f('detalle', 'Detalle por modalidad', 'json', 40),
    f('nota', 'Nota', 'text', 30),
    ...deviceFields,
  ],
};

export const SHEETS: TableSpec = {
  key: 'hojas',
  sheet: 'Hojas',
  description: 'Hojas de cobro semanales: semana, municipio, esperado, cobrado y su procesamiento.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('municipality_id', 'ID municipio', 'int', 10),
    f('municipio', 'Municipio', 'text', 18),
    f('week', 'Semana', 'text', 10),
    f('coverage_week', 'Cobertura desde', 'date', 12),
    f('coverage_week_end', 'Cobertura hasta', 'date', 12),
    f('monto_esperado', 'Esperado', 'money', 13),
    f('monto_cobrado', 'Cobrado', 'money', 13),
    f('processed', 'Procesada', 'bool', 10),
    f('proccessing_date', 'Fecha de procesamiento', 'datetime', 17),
    f('processed_by', 'ID de quien procesó', 'int', 10),
    f('procesada_por', 'Procesó', 'text', 20),
    f('log', 'Bitácora', 'json', 40),
    f('created_by', 'ID de quien generó', 'int', 10),
    f('generada_por', 'Generó', 'text', 20),
    f('created_at', 'Generada', 'datetime', 17),
    f('updated_at', 'Actualizada', 'datetime', 17),
  ],
};

export const SHEET_LOANS: TableSpec = {
  key: 'hojas_prestamos',
  sheet: 'Préstamos de hojas',
  description:
    'Los préstamos de cada hoja: lo que la hoja pedía (A COBRAR), el adeudo y lo cobrado en su semana.',
  fields: [
    f('id', 'ID', 'int', 9),
    f('weekly_sheet_id', 'ID hoja', 'int', 8),
    f('week', 'Semana', 'text', 10),
    f('loan_id', 'ID préstamo', 'int', 9),
    f('loan_reference', 'Préstamo', 'text', 12),
    f('client_id', 'ID cliente', 'int', 9),
    f('client_nombre', 'Cliente', 'text', 28),
    f('grupo', 'Grupo', 'int', 7),
    f('orden_ruta', 'Orden de ruta', 'int', 8),
    f('amortization_id', 'Fila de la semana (ID)', 'int', 10),
    f('arrears_amortization_ids', 'Filas atrasadas (ID)', 'list', 16),
    f('monto_esperado', 'A cobrar', 'money', 12),
    f('saldo_a_liquidar', 'Saldo a liquidar', 'money', 13),
    f('adeudo', 'Adeudo', 'money', 12),
    f('cobrado', 'Cobrado', 'money', 12),
    f('cobrado_previo', 'Cobrado previo', 'money', 12),
    f('created_at', 'Alta', 'datetime', 17),
  ],
};

export const EGRESOS: TableSpec = {
  key: 'egresos',
  sheet: 'Egresos',
  description: 'Egresos con su concepto del catálogo.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('fecha', 'Fecha', 'date', 12),
    f('importe', 'Importe', 'money', 13),
    f('responsable', 'Responsable', 'text', 22),
    f('catalogo_egreso_id', 'ID concepto', 'int', 9),
    f('identificador', 'Clave', 'text', 12),
    f('concepto', 'Concepto', 'text', 24),
    f('tipo', 'Tipo', 'text', 12),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('registrado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
    f('updated_at', 'Actualizado', 'datetime', 17),
  ],
};

export const INVERSIONES: TableSpec = {
  key: 'inversiones',
  sheet: 'Inversiones',
  description: 'Aportaciones, retiros, capital inicial y reinversiones.',
  fields: [
    f('id', 'ID', 'int', 8),
    f('fecha', 'Fecha', 'date', 12),
    f('importe', 'Importe', 'money', 13),
    f('responsable', 'Responsable', 'text', 22),
    f('tipo', 'Tipo', 'text', 14),
    f('descripcion', 'Descripción', 'text', 30),
    f('created_by', 'ID de quien registró', 'int', 10),
    f('registrado_por', 'Registró', 'text', 20),
    f('created_at', 'Alta', 'datetime', 17),
  ],
};
