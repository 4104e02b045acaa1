// Planned loans → column arrays for the bulk inserts (pure: no database). Row values follow the real rules:
// dates and referencias from shared/loans/schedule.ts, amounts from shared/loans/calculation.ts (via the
// demo planner), closed_at as the demo seed sets it.

import { GUARANTEES } from '../../server/seed/demo-data';
import type { PlannedLoan } from '../../server/seed/demo-loans';
import { fullName, phone } from '../../server/seed/demo-people';
import type { Random } from '../../server/seed/random';
import { zonedTime } from '../../server/seed/zoned-time';
import type { IsoDate } from '../../shared/dates';
import { buildSchedule } from '../../shared/loans/schedule';
import { toNumericText } from '../../shared/money';

/** The instant of a wall-clock time on a business date; cached per date and hour (it is called ~10⁶ times). */
export function zonedClock(timeZone: string) {
  const cache = new Map<string, number>();
  return (date: IsoDate, hour: number, minute = 0): Date => {
    const key = `${date}|${hour}`;
    let base = cache.get(key);
    if (base === undefined) {
      base = zonedTime(date, hour, 0, timeZone).getTime();
      cache.set(key, base);
    }
    return new Date(base + minute * 60_000);
  };
}
export type Clock = ReturnType<typeof zonedClock>;

export interface LoanColumns {
  id: number[];
  client_id: number[];
  municipality_id: number[];
  payment_method_id: number[];
  previous_loan_id: (number | null)[];
  loan_reference: string[];
  grupo: number[];
  fecha_inicio: string[];
  fecha_fin: string[];
  monto_credito: string[];
  monto_con_interes: string[];
  monto_entregado: string[];
  interes: number[];
  modalidad_pago: string[];
  abono: string[];
  total_pagos: number[];
  num_pago: number[];
  pagada: boolean[];
  vencido: boolean[];
  nombre_aval: (string | null)[];
  telefono_aval: (string | null)[];
  /** JSON text of a string array. */
  garantias: string[];
  created_at: string[];
  closed_at: (string | null)[];
}

export interface AmortizationColumns {
  loan_id: number[];
  numero_pago: number[];
  referencia: string[];
  fecha_pago: string[];
  pagada: boolean[];
  parcial: string[];
  fecha_pagada: (string | null)[];
  renovo: boolean[];
  updated_by: (number | null)[];
  updated_at: string[];
}

const emptyColumns = <T extends object>(keys: readonly (keyof T)[]): T =>
  Object.fromEntries(keys.map((k) => [k, []])) as T;

const LOAN_KEYS: readonly (keyof LoanColumns)[] = [
  'id',
  'client_id',
  'municipality_id',
  'payment_method_id',
  'previous_loan_id',
  'loan_reference',
  'grupo',
  'fecha_inicio',
  'fecha_fin',
  'monto_credito',
  'monto_con_interes',
  'monto_entregado',
  'interes',
  'modalidad_pago',
  'abono',
  'total_pagos',
  'num_pago',
  'pagada',
  'vencido',
  'nombre_aval',
  'telefono_aval',
  'garantias',
  'created_at',
  'closed_at',
];
const AMORTIZATION_KEYS: readonly (keyof AmortizationColumns)[] = [
  'loan_id',
  'numero_pago',
  'referencia',
  'fecha_pago',
  'pagada',
  'parcial',
  'fecha_pagada',
  'renovo',
  'updated_by',
  'updated_at',
];

export interface RowContext {
  rng: Random;
  at: Clock;
  /** Loan id of each planned loan (reserved from the sequence before the insert). */
  idOf: ReadonlyMap<PlannedLoan, number>;
  /** Who recorded the payments; null when unknown. */
  collectorId: number | null;
}

/** When a paid loan stopped being active: its renewal, else its last payment (the demo seed's rule). */
function closedAt(l: PlannedLoan, at: Clock): Date | null {
  if (!l.derived.pagada) return null;
  if (l.renewedOn) return at(l.renewedOn, 10);
  const last = l.rows.reduce<IsoDate | null>(
    (m, r) => (r.fecha_pagada && (!m || r.fecha_pagada > m) ? r.fecha_pagada : m),
    null,
  );
  return at(last ?? l.fechaFin, 18);
}

/** Loans in the given order (a renewed loan before its renewal, as the planner's date order gives). */
export function loanColumns(loans: readonly PlannedLoan[], ctx: RowContext): LoanColumns {
  const { rng, at, idOf } = ctx;
  const c = emptyColumns<LoanColumns>(LOAN_KEYS);
  for (const l of loans) {
    const withAval = l.method.requiereAval || rng.chance(0.15);
    const guarantees = new Set<string>();
    const count = rng.int(1, 3);
    while (guarantees.size < count) guarantees.add(rng.pick(GUARANTEES));
    c.id.push(idOf.get(l)!);
    c.client_id.push(l.client.id);
    c.municipality_id.push(l.client.municipalityId);
    c.payment_method_id.push(l.method.id);
    c.previous_loan_id.push(l.previous ? idOf.get(l.previous)! : null);
    c.loan_reference.push(l.loanReference);
    c.grupo.push(l.client.grupo);
    c.fecha_inicio.push(l.fechaInicio);
    c.fecha_fin.push(l.fechaFin);
    c.monto_credito.push(toNumericText(l.montoCredito));
    c.monto_con_interes.push(toNumericText(l.calc.montoConInteres));
    c.monto_entregado.push(toNumericText(l.calc.montoEntregado));
    c.interes.push(l.interes);
    c.modalidad_pago.push(l.method.modalidad);
    c.abono.push(toNumericText(l.calc.abono));
    c.total_pagos.push(l.totalPagos);
    c.num_pago.push(l.derived.numPago);
    c.pagada.push(l.derived.pagada);
    c.vencido.push(l.derived.vencido);
    c.nombre_aval.push(withAval ? fullName(rng) : null);
    c.telefono_aval.push(withAval ? phone(rng, '222') : null);
    c.garantias.push(JSON.stringify([...guarantees]));
    c.created_at.push(at(l.fechaInicio, l.previous ? 10 : 9, rng.int(0, 59)).toISOString());
    c.closed_at.push(closedAt(l, at)?.toISOString() ?? null);
  }
  return c;
}

/** Every loan's rows: numero_pago, fecha_pago and referencia from `buildSchedule`, states from the plan. */
export function amortizationColumns(loans: readonly PlannedLoan[], ctx: RowContext): AmortizationColumns {
  const { at, idOf } = ctx;
  const c = emptyColumns<AmortizationColumns>(AMORTIZATION_KEYS);
  for (const l of loans) {
    const loanId = idOf.get(l)!;
    const schedule = buildSchedule({
      fechaInicio: l.fechaInicio,
      totalPagos: l.totalPagos,
      modalidad: l.method.modalidad,
      loanReference: l.loanReference,
    });
    if (schedule.fechaFin !== l.fechaFin || schedule.rows.length !== l.rows.length)
      throw new Error(`El plan de ${l.loanReference} no coincide con su calendario`);
    const createdAt = at(l.fechaInicio, 9).toISOString();
    schedule.rows.forEach((s, i) => {
      const r = l.rows[i]!;
      if (r.fecha_pago !== s.fecha_pago) throw new Error(`Fecha de pago distinta en ${s.referencia}`);
      const withMoney = r.pagada || r.parcial > 0;
      c.loan_id.push(loanId);
      c.numero_pago.push(s.numero_pago);
      c.referencia.push(s.referencia);
      c.fecha_pago.push(s.fecha_pago);
      c.pagada.push(r.pagada);
      c.parcial.push(toNumericText(r.parcial));
      c.fecha_pagada.push(r.fecha_pagada);
      c.renovo.push(r.renovo);
      c.updated_by.push(withMoney ? ctx.collectorId : null);
      c.updated_at.push(withMoney && r.fecha_pagada ? at(r.fecha_pagada, 17).toISOString() : createdAt);
    });
  }
  return c;
}
