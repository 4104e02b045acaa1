// The income statement's arithmetic (docs/producto.md §9, docs/reglas-del-negocio.md) in integer centavos.
import { type Cents, cents, toCents, toPesos } from '../money';
import type { ExpenseLine, IncomeStatement } from './types';

export interface IncomeInputs {
  cobrado: Cents;
  /** Interest share of what was collected. */
  ingresos: Cents;
  comisionAbonos: Cents;
  comisionCreditos: Cents;
  gastos: readonly ExpenseLine[];
}

/** A ratio as a percent with one decimal; 0 when there is no income to divide by. */
export const percentOf = (part: Cents, whole: Cents): number =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

const byType = (gastos: readonly ExpenseLine[], tipo: ExpenseLine['tipo']): Cents =>
  cents(gastos.filter((g) => g.tipo === tipo).reduce((sum, g) => sum + (toCents(g.total) ?? 0), 0));

/**
 * utilidad bruta = ingresos − direct costs (both commissions); utilidad neta = bruta − operating, financial
 * and other expenses; margin = neta ÷ ingresos; cost efficiency = (direct costs + expenses) ÷ ingresos.
 */
export function incomeStatement(input: IncomeInputs): IncomeStatement {
  const directos = cents(input.comisionAbonos + input.comisionCreditos);
  const bruta = cents(input.ingresos - directos);
  const operacion = byType(input.gastos, 'OPERACION');
  const financieros = byType(input.gastos, 'FINANCIERO');
  const otros = byType(input.gastos, 'OTROS');
  const gastos = cents(operacion + financieros + otros);
  const neta = cents(bruta - gastos);
  return {
    ingresos: toPesos(input.ingresos),
    costo_directo_comision_abonos: toPesos(input.comisionAbonos),
    costo_directo_comision_creditos: toPesos(input.comisionCreditos),
    utilidad_bruta: toPesos(bruta),
    gastos_operacion: toPesos(operacion),
    gastos_financieros: toPesos(financieros),
    otros_gastos: toPesos(otros),
    utilidad_neta: toPesos(neta),
    margenDeUtilidad: percentOf(neta, input.ingresos),
    eficienciaDeCostos: percentOf(cents(directos + gastos), input.ingresos),
    monto_cobrado: toPesos(input.cobrado),
    capital_recuperado: toPesos(cents(input.cobrado - input.ingresos)),
    gastos: [...input.gastos],
  };
}
