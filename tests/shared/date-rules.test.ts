// shared/date-rules.ts: the rule of each kind of business date, as the forms and the server read it.
import { describe, expect, it } from 'vitest';
import {
  cashCountDateIssue,
  coverageDateIssue,
  paymentDateIssue,
  promiseDateIssue,
  visitDateIssue,
} from '../../shared/date-rules';

const today = '2026-11-28';

describe('date rules', () => {
  it('a payment: from its loan’s date to a day after today, within 2000–2099', () => {
    const ctx = { today, loanStart: '2026-10-01' };
    expect(paymentDateIssue('2026-10-01', ctx)).toBeNull();
    expect(paymentDateIssue('2026-11-29', ctx)).toBeNull();
    expect(paymentDateIssue('2026-11-30', ctx)).toBe('La fecha del pago no puede ser posterior a hoy');
    expect(paymentDateIssue('2026-09-30', ctx)).toBe(
      'La fecha del pago no puede ser anterior a la fecha del préstamo',
    );
    expect(paymentDateIssue('1999-12-31', { today, loanStart: '1990-01-01' })).toBe(
      'La fecha pagada debe estar entre el año 2000 y el 2099',
    );
    expect(paymentDateIssue('2026-02-30', ctx)).toBe('La fecha pagada no es válida');
  });

  it('a visit, its promise and a corte', () => {
    expect(visitDateIssue(today, today)).toBeNull();
    expect(visitDateIssue('1900-01-01', today)).toBe(
      'La fecha de la visita no puede ser anterior al año 2000',
    );
    expect(visitDateIssue('2026-11-30', today)).toBe('La fecha de la visita no puede ser posterior a hoy');
    expect(promiseDateIssue('2026-12-05', today)).toBeNull();
    expect(promiseDateIssue('2026-11-27', today)).toBe(
      'La fecha de la promesa no puede ser anterior a la visita',
    );
    expect(promiseDateIssue('9999-12-31', today)).toBe(
      'La fecha de la promesa no puede ser más de un año después de la visita',
    );
    expect(cashCountDateIssue(today, today)).toBeNull();
    expect(cashCountDateIssue('1900-01-01', today)).toBe(
      'La fecha del corte no puede ser anterior al año 2000',
    );
    expect(cashCountDateIssue('2026-11-30', today)).toBe('La fecha del corte no puede ser posterior a hoy');
  });

  it('a sheet’s coverage date: within a year of today', () => {
    expect(coverageDateIssue('2025-12-01', today)).toBeNull();
    expect(coverageDateIssue('2027-01-15', today)).toBeNull();
    for (const far of ['1970-01-01', '2099-12-31', '2025-11-01'])
      expect(coverageDateIssue(far, today)).toBe('La fecha de cobertura debe estar a menos de un año de hoy');
  });
});
