// POST /api/process-weekly-sheet/{id} (docs/reglas-del-negocio.md, decision 007): closes the week with what the server has.
import { businessToday, formatDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { type Cents, formatCents, toCents, toNumericText } from '../../shared/money';
import { sheetMessages as m } from '../../shared/sheets/messages';
import type { SheetLogEntry } from '../../shared/sheets/types';
import type { Sql } from '../db/connect';
import { recomputeLoans } from '../loans/recompute';
import { lockAccountVersion } from '../sync/account-version';
import type { Scope } from '../types';
import { quietDevices, sheetLoansForProcessing } from './process-queries';
import { lockSheet } from './queries';

export interface ProcessActor extends Scope {
  userId: number;
  timeZone: string;
}

const entry = (
  loan: { loanId: number; loanReference: string; clientNombre: string } | null,
  message: string,
): SheetLogEntry => ({
  loan_id: loan?.loanId ?? null,
  loan_reference: loan?.loanReference ?? null,
  client_nombre: loan?.clientNombre ?? null,
  message,
});

/** When a device last synced, as the office reads it: the business's clock, not the server's. */
const lastSeen = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);

/** One transaction: the sheet locked (a second processing waits, then gets 409), totals, log, derived fields. */
export async function processSheet(sql: Sql, actor: ProcessActor, sheetId: number) {
  return sql.begin(async (tx) => {
    await lockAccountVersion(tx, actor.accountId);
    const sheet = await lockSheet(tx, actor, sheetId);
    if (!sheet) throw new AppError('NOT_FOUND', m.noEncontrada);
    if (sheet.processed) throw new AppError('CONFLICT', m.yaProcesada);

    const errors: SheetLogEntry[] = [];
    const warnings: SheetLogEntry[] = [];
    let total = 0;
    const loans = await sheetLoansForProcessing(tx, actor.accountId, sheetId);
    for (const loan of loans) {
      const expected = toCents(loan.expected)!;
      // What the loan's payments dated in the week bring (the ledger's sum the sheet keeps, sql/020).
      const collected = toCents(loan.collected)!;
      total += collected;
      const promesa = loan.promesa ? m.conPromesa(formatDate(loan.promesa)) : '';
      if (loan.missingRows > 0) errors.push(entry(loan, m.amortizacionNoExiste));
      else if (loan.renewed) errors.push(entry(loan, m.renovadoDespues));
      else if (collected === 0) warnings.push(entry(loan, m.sinPago + promesa));
      else if (collected < expected)
        warnings.push(entry(loan, m.pagoParcial(formatCents(collected), formatCents(expected)) + promesa));
    }
    for (const device of await quietDevices(tx, actor.accountId, sheet.created_at))
      warnings.push(
        entry(
          null,
          m.dispositivoSinSincronizar(device.user_name, lastSeen(device.last_seen_at, actor.timeZone)),
        ),
      );

    await recomputeLoans(
      tx,
      actor.accountId,
      businessToday(actor.timeZone),
      loans.map((l) => l.loanId),
    );
    await tx`update weekly_sheets set processed = true, proccessing_date = now(), processed_by = ${actor.userId},
        monto_cobrado = ${toNumericText(total as Cents)}, log = ${tx.json({ errors, warnings } as never)},
        updated_at = now()
      where account_id = ${actor.accountId} and id = ${sheetId}`;
    return { errors, warnings };
  });
}
