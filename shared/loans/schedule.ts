// Payment schedule of a new loan (docs/reglas-del-negocio.md).
import { addDays, addMonths, daysBetween, type IsoDate } from '../dates';
import { type Cents, cents } from '../money';
import type { ModalidadPago } from './terms';

export interface ScheduleRow {
  numero_pago: number;
  fecha_pago: IsoDate;
  referencia: string;
}

export interface Schedule {
  rows: ScheduleRow[];
  /** The last fecha_pago. */
  fechaFin: IsoDate;
}

const PERIOD_DAYS: Record<Exclude<ModalidadPago, 'MENSUAL'>, number> = {
  DIARIO: 1,
  SEMANAL: 7,
  QUINCENAL: 14,
};

/**
 * The k-th payment date. MENSUAL counts k calendar months from the start date itself (not from the previous
 * payment), so a loan started on 31 Jan is due 29 Feb, 31 Mar, 30 Apr… instead of drifting to the 29th.
 */
export function paymentDate(fechaInicio: IsoDate, modalidad: ModalidadPago, k: number): IsoDate {
  return modalidad === 'MENSUAL'
    ? addMonths(fechaInicio, k)
    : addDays(fechaInicio, k * PERIOD_DAYS[modalidad]);
}

export function buildSchedule(input: {
  fechaInicio: IsoDate;
  totalPagos: number;
  modalidad: ModalidadPago;
  loanReference: string;
}): Schedule {
  if (!Number.isInteger(input.totalPagos) || input.totalPagos <= 0) {
    throw new RangeError('totalPagos debe ser un entero > 0');
  }
  const rows: ScheduleRow[] = [];
  for (let k = 1; k <= input.totalPagos; k++) {
    rows.push({
      numero_pago: k,
      fecha_pago: paymentDate(input.fechaInicio, input.modalidad, k),
      referencia: `${input.loanReference}-${k}`,
    });
  }
  return { rows, fechaFin: rows[rows.length - 1]!.fecha_pago };
}

/** Readable reference, unique per account: 123 → 'PR-000123'. */
export const formatLoanReference = (n: number): string => `PR-${String(n).padStart(6, '0')}`;

/** The number of a reference made by `formatLoanReference`, or null. */
export function loanReferenceNumber(reference: string): number | null {
  const m = /^PR-(\d+)$/.exec(reference);
  return m ? Number(m[1]) : null;
}

/**
 * How many of a loan's payment dates are on or before `today`, capped at totalPagos: docs/reglas-del-negocio.md `num_pago`,
 * computed from the schedule alone, so a device offline for days still shows the right payment number.
 */
export function duePaymentsOn(
  fechaInicio: IsoDate,
  modalidad: ModalidadPago,
  totalPagos: number,
  today: IsoDate,
): number {
  if (modalidad !== 'MENSUAL') {
    const days = daysBetween(fechaInicio, today);
    return days <= 0 ? 0 : Math.min(totalPagos, Math.floor(days / PERIOD_DAYS[modalidad]));
  }
  let k = 0;
  while (k < totalPagos && paymentDate(fechaInicio, modalidad, k + 1) <= today) k++;
  return k;
}

/**
 * Each row's amount due (docs/reglas-del-negocio.md Amounts): the abono for rows 1…n−1 and what is left of the amount with
 * interest for the last, so the schedule adds up to monto con interés exactly (14 × $429 would be $6,006 of a
 * $6,000 loan; the last row is $423). Index k holds row k + 1.
 */
export function rowAmounts(montoConInteres: Cents, abono: Cents, totalPagos: number): Cents[] {
  if (!Number.isInteger(totalPagos) || totalPagos <= 0)
    throw new RangeError('totalPagos debe ser un entero > 0');
  const amounts: Cents[] = new Array(totalPagos).fill(abono);
  amounts[totalPagos - 1] = lastRowAmount(montoConInteres, abono, totalPagos);
  return amounts;
}

/** The last row's amount: monto con interés − abono × (n − 1). Below a centavo only for absurdly small loans. */
export const lastRowAmount = (montoConInteres: Cents, abono: Cents, totalPagos: number): Cents =>
  cents(Math.max(1, montoConInteres - abono * (totalPagos - 1)));
