import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cashCountMessages as cm } from '../../../shared/cash-counts/messages';
import { cashCountFormSchema } from '../../../shared/cash-counts/schemas';
import { parseReceiptNumber, receiptNumber } from '../../../shared/receipts/receipt-number';
import { visitMessages as vm } from '../../../shared/visits/messages';
import { visitFormSchema } from '../../../shared/visits/schemas';

const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : { message: result.issues[0].message, path: v.getDotPath(result.issues[0]) };
};

describe('receipt number', () => {
  it('is the receipt UUID’s first eight hex digits, readable and typed back in any shape', () => {
    const number = receiptNumber('3f9a12c7-0b1d-4c2e-8f00-1234567890ab');
    expect(number).toBe('R-3F9A-12C7');
    for (const typed of ['R-3F9A-12C7', 'r3f9a12c7', ' 3F9A 12C7 ', 'R-3f9a-12c7'])
      expect(parseReceiptNumber(typed)).toBe(number);
    expect(parseReceiptNumber('R-3F9A')).toBeNull();
    expect(parseReceiptNumber('hola')).toBeNull();
    expect(() => receiptNumber('no-es-uuid')).toThrow();
  });
});

describe('visit form (No pagó)', () => {
  const base = { fecha: '2026-11-24' };
  it('accepts each reason with what it needs, trimming the note', () => {
    expect(v.parse(visitFormSchema, { ...base, motivo: 'NO_ESTABA' })).toEqual({
      ...base,
      motivo: 'NO_ESTABA',
      fecha_promesa: null,
      nota: null,
    });
    expect(v.parse(visitFormSchema, { ...base, motivo: 'OTRO', nota: '  se mudó ' }).nota).toBe('se mudó');
    expect(
      v.parse(visitFormSchema, { ...base, motivo: 'PROMESA', fecha_promesa: '2026-11-24' }).fecha_promesa,
    ).toBe('2026-11-24');
  });
  it('says in Spanish, next to the field, what is missing', () => {
    expect(firstIssue(visitFormSchema, { ...base })).toEqual({ message: vm.motivoRequerido, path: 'motivo' });
    expect(firstIssue(visitFormSchema, { ...base, motivo: 'PROMESA' })).toEqual({
      message: vm.fechaPromesaRequerida,
      path: 'fecha_promesa',
    });
    expect(firstIssue(visitFormSchema, { ...base, motivo: 'PROMESA', fecha_promesa: '2026-11-23' })).toEqual({
      message: vm.fechaPromesaPasada,
      path: 'fecha_promesa',
    });
    expect(firstIssue(visitFormSchema, { ...base, motivo: 'OTRO', nota: ' ' })).toEqual({
      message: vm.notaRequerida,
      path: 'nota',
    });
    expect(firstIssue(visitFormSchema, { ...base, motivo: 'OTRO', nota: 'x'.repeat(201) })?.message).toBe(
      vm.notaLarga,
    );
  });
});

describe('cash count form (Cerrar día)', () => {
  it('takes the counted cash as pesos with up to two decimals, 0 included', () => {
    expect(v.parse(cashCountFormSchema, { contado: '1250.50' })).toEqual({ contado: 125050, nota: null });
    expect(v.parse(cashCountFormSchema, { contado: 0 }).contado).toBe(0);
  });
  it('refuses an empty, negative or over-precise count with a Spanish message', () => {
    expect(firstIssue(cashCountFormSchema, { contado: '' })?.message).toBe(cm.contadoRequerido);
    expect(firstIssue(cashCountFormSchema, { contado: '-3' })?.message).toBe(
      'El monto debe ser un número mayor o igual a 0',
    );
    expect(firstIssue(cashCountFormSchema, { contado: '1.234' })?.message).toBe(
      'El monto admite como máximo dos decimales',
    );
  });
});
