// 'Pagos recibidos' reads the server's ledger while online (the device keeps no per-event who/where/when), and
// this device's queued corrections of the loan from its outbox. When one of those is answered the server has it:
// the list is read again, so a correction shows as the server recorded it right after the sync that sent it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef } from 'react';
import type { LoanLedgerResponse } from '../../../shared/payments/types';
import { MUTATION } from '../../../shared/sync/types';
import { useApiData } from '../../session/use-api-data';
import { useLocalStore } from '../../store/local-store-context';
import type { PaymentCorrectEntry } from '../../store/local-types';
import { useOnline } from '../../ui/use-online';
import { type ReceivedPayment, receivedPayments } from './received-payments';

const NONE: PaymentCorrectEntry[] = [];

export function usePaymentsReceived(loanId: number) {
  const { db } = useLocalStore();
  const online = useOnline();
  const api = useApiData<LoanLedgerResponse>(online ? `loans/${loanId}/payments` : null);
  const queued = useLiveQuery(
    () =>
      db.outbox
        .where('loanId')
        .equals(loanId)
        .filter((e) => e.name === MUTATION.paymentCorrect)
        .toArray() as Promise<PaymentCorrectEntry[]>,
    [db, loanId],
  );
  const outbox = queued ?? NONE;

  // The entries the server has answered: a new one means the ledger changed there.
  const answered = outbox
    .filter((e) => e.status !== 'pending')
    .map((e) => e.id)
    .join(',');
  const seen = useRef<string | null>(null);
  const { reload } = api;
  useEffect(() => {
    if (queued === undefined) return;
    if (seen.current !== null && seen.current !== answered && online) reload();
    seen.current = answered;
  }, [answered, queued, online, reload]);

  const payments: ReceivedPayment[] | null = useMemo(
    () => (api.data ? receivedPayments(api.data.data, outbox) : null),
    [api.data, outbox],
  );
  // Only readers of locations get the client's place (null: none saved); undefined hides the column.
  const lugarCliente = api.data?.lugar_cliente;
  return { online, payments, lugarCliente, loading: api.loading, error: api.error, reload };
}
