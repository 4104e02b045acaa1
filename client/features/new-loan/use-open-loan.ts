import { useCallback, useEffect, useState } from 'react';
import type { Loan, OpenLoanResponse } from '../../../shared/loans/types';
import { apiGet } from '../../session/api-client';
import { useLocalStore } from '../../store/local-store-context';
import { scheduleOf } from '../../store/schedules';
import { useLiveResult } from '../../ui/use-live-result';
import { useOnline } from '../../ui/use-online';
import type { RenewalSource } from './loan-preview';

export interface OpenLoan {
  /** The client's open loan (the one a new loan renews), null when it has none. */
  loan: RenewalSource | null;
  /** 'server': GET /api/clients/:id/open-loan answered; 'device': the device store's copy (offline, error). */
  source: 'server' | 'device';
  /** Still asking the server (the device's copy, if any, is shown meanwhile). */
  checking: boolean;
  /** Asks the server again (after a 409: the open loan changed while the form was being filled in). */
  refresh: () => void;
}

const fromLoan = (loan: Loan): RenewalSource => ({
  loanId: loan.id,
  reference: loan.loan_reference,
  abono: loan.abono,
  rows: loan.amortizacion,
});

/**
 * The renewal preview's loan (docs/producto.md §4: a client with an active loan renews it): the server's answer when
 * online, which is what the save checks against; the device store's loan and rows at once and offline.
 */
export function useOpenLoan(clientId: number | null): OpenLoan {
  const { db } = useLocalStore();
  const online = useOnline();
  const device = useLiveResult(`open-loan:${clientId}`, async (): Promise<RenewalSource | null> => {
    if (clientId === null) return null;
    const [open] = await db.loans.filter((l) => l.client_id === clientId && !l.pagada);
    if (!open) return null;
    const rows = await scheduleOf(db, open.id);
    return { loanId: open.id, reference: open.loan_reference, abono: open.abono, rows };
  }, [db, clientId]);

  const [attempt, setAttempt] = useState(0);
  const [server, setServer] = useState<{ key: string; loan: RenewalSource | null } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = `${clientId}:${attempt}`;

  useEffect(() => {
    if (clientId === null || !online) return;
    const controller = new AbortController();
    setFailed(null);
    apiGet<OpenLoanResponse>(`clients/${clientId}/open-loan`, undefined, {
      signal: controller.signal,
    }).then(
      (res) => setServer({ key, loan: res.data ? fromLoan(res.data) : null }),
      () => {
        if (!controller.signal.aborted) setFailed(key);
      },
    );
    return () => controller.abort();
  }, [clientId, online, key]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  // The server's answer stays when the signal drops: it is fresher than the device's copy.
  const answered = server?.key === key;
  return {
    loan: answered ? server.loan : (device.data ?? null),
    source: answered ? 'server' : 'device',
    checking: clientId !== null && online && !answered && failed !== key,
    refresh,
  };
}
