import { useCallback } from 'react';
import { businessToday } from '../../shared/dates';
import { useLocalStore } from '../store/local-store-context';
import { guardWrite } from '../store/write-guard';
import { type CorrectionInput, type CorrectionResult, correctPayment } from './correct-payment';

/** Queues a payment's correction on the device and asks the engine to deliver it soon (as a payment is). */
export function useCorrectPayment() {
  const { db, engine, userId } = useLocalStore();
  return useCallback(
    async (input: CorrectionInput): Promise<CorrectionResult> => {
      const result = await guardWrite(() =>
        correctPayment(db, input, { userId, today: businessToday(), now: new Date() }),
      );
      if (result.ok) engine?.afterLocalEdit();
      return result;
    },
    [db, engine, userId],
  );
}
