import { describe, expect, test } from 'vitest';
import {
  serverDetailsToFieldErrors,
  validateNewLoan,
} from '../../../../client/features/new-loan/new-loan-validation';
import { newLoanMessages as m } from '../../../../shared/loans/new-loan-messages';
import type { NewLoanForm } from '../../../../shared/loans/new-loan-schema';
import type { PaymentMethod } from '../../../../shared/payment-methods/types';
import { MENSUAL, SEMANAL } from './fixtures';

const EMPTY: NewLoanForm = {
  client_id: null,
  new_client: null,
  payment_method_id: '',
  monto_credito: '',
  fecha_inicio: '',
  grupo: '',
  nombre_aval: '',
  telefono_aval: '',
  garantias: ['', ''],
  previous_loan_id: null,
};

const VALID: NewLoanForm = {
  ...EMPTY,
  client_id: 1,
  payment_method_id: String(SEMANAL.id),
  monto_credito: '5000',
  fecha_inicio: '2026-01-05',
  garantias: ['Televisión', 'Refrigerador'],
};

const errorsOf = (input: NewLoanForm, method: PaymentMethod | null = SEMANAL) => {
  const result = validateNewLoan(input, method);
  return result.ok ? {} : result.errors;
};

describe('validación al guardar (docs/producto.md §5)', () => {
  test('un formulario vacío muestra cada mensaje, el del cliente y el de garantías incluidos', () => {
    expect(errorsOf(EMPTY, null)).toEqual({
      client_id: m.clienteInvalido,
      payment_method_id: m.modalidadRequerida,
      monto_credito: m.montoInvalido,
      fecha_inicio: m.fechaRequerida,
      'garantias.0': m.garantiaDescripcion,
      'garantias.1': m.garantiaDescripcion,
      garantias: m.garantiasMinimo,
    });
  });

  test('el monto fuera del rango de la modalidad', () => {
    expect(errorsOf({ ...VALID, monto_credito: '999.99' })).toEqual({
      monto_credito: 'El monto mínimo es $1,000.00',
    });
    expect(errorsOf({ ...VALID, monto_credito: '30,000.01' })).toEqual({
      monto_credito: 'El monto máximo es $30,000.00',
    });
    expect(errorsOf({ ...VALID, monto_credito: 'mil' })).toEqual({ monto_credito: m.montoInvalido });
  });

  test('el aval cuando la modalidad lo requiere', () => {
    const mensual = { ...VALID, payment_method_id: String(MENSUAL.id), monto_credito: '8000' };
    expect(errorsOf(mensual, MENSUAL)).toEqual({ nombre_aval: m.avalNombre, telefono_aval: m.avalTelefono });
    expect(errorsOf({ ...mensual, nombre_aval: 'Pedro', telefono_aval: '123' }, MENSUAL)).toEqual({
      telefono_aval: 'El teléfono debe tener entre 8 y 15 dígitos',
    });
  });

  test('una garantía vacía de más pide su descripción; una sola llena pide 2', () => {
    expect(errorsOf({ ...VALID, garantias: ['A', 'B', ' '] })).toEqual({
      'garantias.2': m.garantiaDescripcion,
    });
    expect(errorsOf({ ...VALID, garantias: ['A', ''] })).toEqual({
      'garantias.1': m.garantiaDescripcion,
      garantias: m.garantiasMinimo,
    });
  });

  test('el cliente nuevo se valida con las reglas de clientes', () => {
    const errors = errorsOf({
      ...VALID,
      client_id: null,
      new_client: { nombre: '', telefono: '12', municipality_id: '', coordinadora: false, empleado: false },
    });
    expect(errors).toEqual({
      'new_client.nombre': 'El nombre es requerido',
      'new_client.telefono': 'El teléfono debe tener entre 8 y 15 dígitos',
      'new_client.municipality_id': 'El municipio es requerido',
    });
  });

  test('válido: el cuerpo con el monto en pesos', () => {
    const result = validateNewLoan(VALID, SEMANAL);
    expect(result.ok && result.body.monto_credito).toBe(5000);
  });
});

describe('detalles de un 400 del servidor → campos', () => {
  test('las mismas claves van bajo los mismos campos; lo que no tiene campo, arriba del formulario', () => {
    expect(
      serverDetailsToFieldErrors({
        monto_credito: 'El monto mínimo es $1,000.00',
        'new_client.municipality_id': 'El municipio no existe',
        'garantias.1': m.garantiaDescripcion,
        'new_client.coordinadora': 'Debe ser verdadero o falso',
        previous_loan_id: 'No es válido',
      }),
    ).toEqual({
      monto_credito: 'El monto mínimo es $1,000.00',
      'new_client.municipality_id': 'El municipio no existe',
      'garantias.1': m.garantiaDescripcion,
      client_id: 'Debe ser verdadero o falso',
      _: 'No es válido',
    });
  });
});
