import * as v from 'valibot';
import { isIsoDate } from '../dates';
import { type Cents, toCents } from '../money';

/** numeric(14,2) holds more; this catches a typo of extra zeros. */
export const MAX_AMOUNT_CENTS = 100_000_000_00;

/** Pesos as a number or numeric text ("1500", "1,500.50") → centavos, > 0; one message for every failure. */
export const positiveAmount = (message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value): number | null =>
        typeof value === 'number' || typeof value === 'string' ? toCents(value) : null,
      ),
      v.number(message),
      v.minValue(1, message),
      v.maxValue(MAX_AMOUNT_CENTS, message),
      v.transform((value) => value as Cents),
    ),
    '',
  );

/** A required business date 'YYYY-MM-DD' between 2000 and 2099 (a typo like 2206 is refused). */
export const requiredDate = (message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check(isIsoDate, message),
      v.check((date) => date >= '2000-01-01' && date <= '2099-12-31', message),
    ),
    '',
  );
