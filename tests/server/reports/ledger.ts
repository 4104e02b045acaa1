// A small hand-built September 2026 ledger whose figures the report tests work out by hand
// (docs/reglas-del-negocio.md §8).
import type { Sql } from '../../../server/db/connect';
import type { IsoDate } from '../../../shared/dates';
import {
  createClient,
  createLoan,
  createMunicipality,
  createPaymentMethod,
  type RowState,
} from '../helpers/loan-factory';

const paid = (date: IsoDate): RowState => ({ pagada: true, fecha_pagada: date });

export interface Ledger {
  centroId: number;
  norteId: number;
}

/**
 * SEMANAL at 20 % over 14 weeks; commissions 5 % on collected payments and 2 % on credit amounts.
 * - A (Centro): 5,000 on Wed 2 Sep, abono 429: paid 9 and 16 Sep, 200 partial on 23 Sep, paid on 1 Oct.
 * - B (Norte): 1,000 on Tue 8 Sep, abono 86: paid 15 Sep; the row due 22 Sep paid late on 30 Sep.
 * - C0 (Centro): 2,000 on 3 Jun, abono 171, 12 rows paid by 26 Aug; renewed on 10 Sep by
 *   C1 (Centro): 2,000 on Thu 10 Sep, delivered 2,000 − 2 × 171 = 1,658; paid 17 Sep.
 * - Egresos in September: Renta 1,200.00 and Gasolina 350.00 (OPERACION), Intereses bancarios 150.25
 *   (FINANCIERO), Papelería 80.10 (OTROS); and 500.00 of Renta on 1 Oct, outside the month.
 */
export async function buildLedger(sql: Sql, accountId: number, collectorId: number): Promise<Ledger> {
  await sql`insert into loan_params (account_id, comision_abonos_pct, comision_creditos_pct)
    values (${accountId}, 5, 2)`;
  const centroId = await createMunicipality(sql, accountId, { name: 'Centro', collectionDay: 'MIERCOLES' });
  const norteId = await createMunicipality(sql, accountId, { name: 'Norte', collectionDay: 'MARTES' });
  const method = await createPaymentMethod(sql, accountId);
  const today = '2026-11-24';
  const base = { accountId, paymentMethod: method, today };

  await createLoan(sql, {
    ...base,
    municipalityId: centroId,
    clientId: await createClient(sql, accountId, centroId),
    montoCredito: 5000,
    fechaInicio: '2026-09-02',
    rows: [
      paid('2026-09-09'),
      paid('2026-09-16'),
      { parcial: 200, fecha_pagada: '2026-09-23' },
      paid('2026-10-01'),
    ],
  });
  await createLoan(sql, {
    ...base,
    municipalityId: norteId,
    clientId: await createClient(sql, accountId, norteId),
    montoCredito: 1000,
    fechaInicio: '2026-09-08',
    rows: [paid('2026-09-15'), paid('2026-09-30')],
    // B's payments were recorded by the collector; the rest carry no user.
    collectedBy: collectorId,
  });

  const clientC = await createClient(sql, accountId, centroId);
  const c0 = await createLoan(sql, {
    ...base,
    municipalityId: centroId,
    clientId: clientC,
    montoCredito: 2000,
    fechaInicio: '2026-06-03',
    rows: [
      ...Array.from({ length: 12 }, (_, i) =>
        paid(
          `2026-${['06-10', '06-17', '06-24', '07-01', '07-08', '07-15', '07-22', '07-29', '08-05', '08-12', '08-19', '08-26'][i]}`,
        ),
      ),
      { renovo: true },
      { renovo: true },
    ],
  });
  await createLoan(sql, {
    ...base,
    municipalityId: centroId,
    clientId: clientC,
    montoCredito: 2000,
    fechaInicio: '2026-09-10',
    saldoPendienteAnterior: 342,
    previousLoanId: c0.id,
    rows: [paid('2026-09-17')],
  });

  const concept = async (identificador: string, concepto: string, tipo: string) => {
    const [row] = await sql<
      { id: number }[]
    >`insert into catalogo_egresos (account_id, identificador, concepto, tipo)
      values (${accountId}, ${identificador}, ${concepto}, ${tipo}) returning id`;
    return row!.id;
  };
  const renta = await concept('RENTA', 'Renta', 'OPERACION');
  const gasolina = await concept('GASOLINA', 'Gasolina', 'OPERACION');
  const intereses = await concept('INTERESES', 'Intereses bancarios', 'FINANCIERO');
  const papeleria = await concept('PAPELERIA', 'Papelería', 'OTROS');
  const egreso = (fecha: IsoDate, importe: string, catalogoId: number) =>
    sql`insert into egresos (account_id, fecha, importe, responsable, catalogo_egreso_id)
      values (${accountId}, ${fecha}, ${importe}, 'Oficina', ${catalogoId})`;
  await egreso('2026-09-01', '1200.00', renta);
  await egreso('2026-09-05', '350.00', gasolina);
  await egreso('2026-09-18', '150.25', intereses);
  await egreso('2026-09-30', '80.10', papeleria);
  await egreso('2026-10-01', '500.00', renta);
  return { centroId, norteId };
}
