// Investments per responsible person (docs/producto.md §7). Importe is stored positive as typed; a Retiro is money
// taken out of the business, so it counts as withdrawn and is subtracted from the net.
import { type Cents, cents, toCents, toPesos } from '../money';
import type { Inversion, InversionPersonTotal } from './types';

export function summarizeInversiones(inversiones: readonly Inversion[]): {
  summary: InversionPersonTotal[];
  totals: { aportado: number; retirado: number; neto: number };
} {
  const people = new Map<string, { aportado: Cents; retirado: Cents; count: number }>();
  for (const inv of inversiones) {
    const p = people.get(inv.responsable) ?? { aportado: cents(0), retirado: cents(0), count: 0 };
    const amount = toCents(inv.importe) ?? cents(0);
    if (inv.tipo === 'Retiro') p.retirado = cents(p.retirado + amount);
    else p.aportado = cents(p.aportado + amount);
    p.count += 1;
    people.set(inv.responsable, p);
  }
  const summary = [...people.entries()]
    .map(([responsable, p]) => ({
      responsable,
      aportado: toPesos(p.aportado),
      retirado: toPesos(p.retirado),
      neto: toPesos(cents(p.aportado - p.retirado)),
      count: p.count,
    }))
    .sort((a, b) => b.neto - a.neto || a.responsable.localeCompare(b.responsable, 'es'));
  const sum = (pick: (p: InversionPersonTotal) => number) =>
    toPesos(cents(summary.reduce((s, p) => s + (toCents(pick(p)) ?? 0), 0)));
  return {
    summary,
    totals: { aportado: sum((p) => p.aportado), retirado: sum((p) => p.retirado), neto: sum((p) => p.neto) },
  };
}
