// Sync mutation `client_location.save` ('Guardar ubicación', decision 029): the place of a loan's client, saved
// at the door, exactly once by its receipt.
import { AppError } from '../../shared/errors';
import { locationMessages as m } from '../../shared/location/messages';
import type { ClientLocationSaveArgs } from '../../shared/location/schemas';
import { paymentMessages } from '../../shared/payments/messages';
import { receiptNumber } from '../../shared/receipts/receipt-number';
import { appendAudit } from '../audit/append-audit';
import type { Db } from '../db/connect';
import type { MutationContext, Skipped } from '../types';

/** `args` as the registry's schema read them (server/sync/mutations.ts). */
export async function saveClientLocation(
  db: Db,
  ctx: MutationContext,
  args: ClientLocationSaveArgs,
): Promise<'applied' | Skipped> {
  const [loan] = await db<{ client_id: number; registrar: boolean }[]>`select l.client_id,
      a.registrar_ubicacion as registrar
    from loans l join accounts a on a.id = l.account_id
    where l.id = ${args.loanId} and l.account_id = ${ctx.accountId}
      and user_sees_municipality(${ctx.userId}, l.municipality_id)`;
  if (!loan) throw new AppError('NOT_FOUND', paymentMessages.prestamoNoEncontrado);
  // The account turned it off after the phone saved it: nothing of it is kept.
  if (!loan.registrar) throw new AppError('VALIDATION', m.cuentaSinUbicacion);
  const { lat, lon, precision, tomada } = args.ubicacion;
  const [row] = await db<{ id: number }[]>`insert into client_locations (account_id, cliente_id, loan_id, lat,
      lon, precision_m, tomada, user_id, receipt_id, client_id, mutation_id, client_time)
    values (${ctx.accountId}, ${loan.client_id}, ${args.loanId}, ${lat}, ${lon}, ${precision}, ${tomada},
      ${ctx.userId}, ${args.receiptId}, ${ctx.clientId}, ${ctx.mutationId}, ${ctx.clientTime})
    on conflict (account_id, receipt_id) do nothing
    returning id`;
  if (!row) return { skipped: m.ubicacionDuplicada };
  await appendAudit(db, ctx, [
    {
      action: ctx.action,
      entity: 'client_locations',
      entityId: row.id,
      after: { cliente_id: loan.client_id, loan_id: args.loanId, lat, lon, precision_m: precision, tomada },
      recibo: receiptNumber(args.receiptId),
    },
  ]);
  return 'applied';
}
