// Demo books: loans with their schedules, expenses and investments, each kind in one multi-row insert.
import { addDays, type IsoDate } from '../../shared/dates';
import { cents, toNumericText } from '../../shared/money';
import type { Db } from '../db/connect';
import { type DemoAccount, GUARANTEES } from './demo-data';
import type { PlannedLoan } from './demo-loans';
import { fullName, phone } from './demo-people';
import type { Random } from './random';

export type At = (date: IsoDate, hour: number, minute?: number) => Date;

/**
 * Loans without a previous loan first, then renewals, which point at them; then every payment row at once.
 * Rows with money on them are marked as updated by the account's collector.
 */
export async function insertLoans(
  tx: Db,
  accountId: number,
  loans: PlannedLoan[],
  ctx: { adminId: number; collectorId: number; rng: Random; at: At },
): Promise<void> {
  const { rng, at } = ctx;
  const ids = new Map<string, number>();
  const toRow = (l: PlannedLoan) => {
    const withAval = l.method.requiereAval || rng.chance(0.15);
    const guarantees = new Set<string>();
    const count = rng.int(2, 3);
    while (guarantees.size < count) guarantees.add(rng.pick(GUARANTEES));
    const lastPayment = l.rows.reduce<IsoDate | null>(
      (m, r) => (r.fecha_pagada && (!m || r.fecha_pagada > m) ? r.fecha_pagada : m),
      null,
    );
    const closedAt = !l.derived.pagada
      ? null
      : l.renewedOn
        ? at(l.renewedOn, 10)
        : at(lastPayment ?? l.fechaFin, 18);
    return {
      account_id: accountId,
      client_id: l.client.id,
      municipality_id: l.client.municipalityId,
      payment_method_id: l.method.id,
      previous_loan_id: l.previous ? ids.get(l.previous.loanReference)! : null,
      loan_reference: l.loanReference,
      grupo: l.client.grupo,
      fecha_inicio: l.fechaInicio,
      fecha_fin: l.fechaFin,
      monto_credito: toNumericText(l.montoCredito),
      monto_con_interes: toNumericText(l.calc.montoConInteres),
      monto_entregado: toNumericText(l.calc.montoEntregado),
      interes: l.interes,
      modalidad_pago: l.method.modalidad,
      abono: toNumericText(l.calc.abono),
      total_pagos: l.totalPagos,
      num_pago: l.derived.numPago,
      pagada: l.derived.pagada,
      vencido: l.derived.vencido,
      nombre_aval: withAval ? fullName(rng) : null,
      telefono_aval: withAval ? phone(rng, '222') : null,
      garantias: tx.json([...guarantees]),
      created_by: ctx.adminId,
      created_at: at(l.fechaInicio, l.previous ? 10 : 9, rng.int(5, 59)),
      closed_at: closedAt,
    };
  };
  for (const batch of [loans.filter((l) => !l.previous), loans.filter((l) => l.previous)]) {
    if (batch.length === 0) continue;
    const rows = await tx<{ id: number; loan_reference: string }[]>`insert into loans ${tx(batch.map(toRow))}
      returning id, loan_reference`;
    for (const r of rows) ids.set(r.loan_reference, r.id);
  }
  const amortizations = loans.flatMap((l) =>
    l.rows.map((r) => ({
      account_id: accountId,
      loan_id: ids.get(l.loanReference)!,
      numero_pago: r.numero_pago,
      referencia: `${l.loanReference}-${r.numero_pago}`,
      fecha_pago: r.fecha_pago,
      pagada: r.pagada,
      parcial: toNumericText(r.parcial),
      fecha_pagada: r.fecha_pagada,
      renovo: r.renovo,
      updated_by: r.pagada || r.parcial > 0 ? ctx.collectorId : null,
    })),
  );
  await tx`insert into amortizations ${tx(amortizations)}`;
  // The planned states become the ledger's events (one payment per row holding money), as old data did (sql/020).
  await tx`select ledger_from_row_states(${accountId})`;
}

/** The expense catalogue and ~3 months of egresos; returns how many egresos. */
export async function insertExpenses(
  tx: Db,
  accountId: number,
  spec: DemoAccount,
  ctx: { today: IsoDate; rng: Random; at: At; adminId: number },
): Promise<number> {
  const { rng, at } = ctx;
  const catalogue = await tx<{ id: number; identificador: string }[]>`insert into catalogo_egresos ${tx(
    spec.expenses.map((e) => ({
      account_id: accountId,
      identificador: e.identificador,
      concepto: e.concepto,
      tipo: e.tipo,
    })),
  )} returning id, identificador`;
  const responsables = spec.users.map((u) => u.name);
  const rows = spec.expenses.flatMap((e) =>
    Array.from({ length: e.times }, (_, t) => {
      // Spread over the last three months: each occurrence in its own slice of 90 days.
      const fecha = addDays(
        ctx.today,
        -Math.min(89, Math.floor(((t + 0.2 + rng.next() * 0.6) * 90) / e.times)),
      );
      const importe = e.min === e.max ? e.min * 100 : rng.int(e.min * 10, e.max * 10) * 10;
      return {
        account_id: accountId,
        fecha,
        importe: toNumericText(cents(importe)),
        responsable: rng.pick(responsables),
        catalogo_egreso_id: catalogue.find((c) => c.identificador === e.identificador)!.id,
        created_by: ctx.adminId,
        created_at: at(fecha, 13, rng.int(0, 59)),
      };
    }),
  );
  if (rows.length > 0) await tx`insert into egresos ${tx(rows)}`;
  return rows.length;
}

export async function insertInvestments(
  tx: Db,
  accountId: number,
  spec: DemoAccount,
  ctx: { today: IsoDate; rng: Random; at: At; adminId: number },
): Promise<void> {
  if (spec.investments.length === 0) return;
  await tx`insert into inversiones ${tx(
    spec.investments.map((inv) => {
      const fecha = addDays(ctx.today, -inv.daysAgo);
      return {
        account_id: accountId,
        fecha,
        importe: inv.importe,
        responsable: inv.responsable,
        tipo: inv.tipo,
        descripcion: inv.descripcion,
        created_by: ctx.adminId,
        created_at: ctx.at(fecha, 12, ctx.rng.int(0, 59)),
      };
    }),
  )}`;
}
