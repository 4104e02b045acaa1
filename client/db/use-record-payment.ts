import { useCallback } from 'react';
import { businessToday } from '../../shared/dates';
import type { AmortizationUpdateInput } from '../../shared/payments/schemas';
import { useLocalStore } from './local-store-context';
import { type RecordResult, recordPayment } from './record-payment';
import { guardWrite } from './write-guard';

/**
 * Records a payment edit on the device and asks the engine to deliver it soon. The one path for a payment,
 * online or offline (DESIGN §2): screens never call the payment API directly.
 */
export function useRecordPayment() {
  const { db, engine, userId } = useLocalStore();
  return useCallback(
    async (loanId: number, amortizationId: number, edit: AmortizationUpdateInput): Promise<RecordResult> => {
      const result = await guardWrite(() =>
        recordPayment(
          db,
          { loanId, amortizationId, edit },
          { userId, today: businessToday(), now: new Date() },
        ),
      );
      if (result.ok && result.entryId !== null) engine?.afterLocalEdit();
      return result;
    },
    [db, engine, userId],
  );
}
