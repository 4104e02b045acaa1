import { useCallback } from 'react';
import { businessToday } from '../../shared/dates';
import { useLocalStore } from '../store/local-store-context';
import { guardWrite } from '../store/write-guard';
import { type PaymentInput, type RecordResult, recordPayment } from './record-payment';

/**
 * Records money for a loan on the device (a payment received, or a row edit) and asks the engine to deliver it
 * soon. The one path for a payment, online or offline (docs/arquitectura.md): screens never call the payment API directly.
 */
export function useRecordPayment() {
  const { db, engine, userId } = useLocalStore();
  return useCallback(
    async (input: PaymentInput): Promise<RecordResult> => {
      const result = await guardWrite(() =>
        recordPayment(db, input, { userId, today: businessToday(), now: new Date() }),
      );
      if (result.ok && result.entryId !== null) engine?.afterLocalEdit();
      return result;
    },
    [db, engine, userId],
  );
}
