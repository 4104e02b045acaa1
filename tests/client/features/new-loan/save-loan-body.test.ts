import { describe, expect, test } from 'vitest';
import { emptyDraft, type NewLoanDraft } from '../../../../client/features/new-loan/new-loan-draft';
import { validateNewLoan } from '../../../../client/features/new-loan/new-loan-validation';
import { defaultMethod, resolveForm } from '../../../../client/features/new-loan/resolve-form';
import { formInput } from '../../../../client/features/new-loan/save-loan-body';
import { catalog, DIARIO, MENSUAL, SEMANAL } from './fixtures';

// A Wednesday: the last Monday (Atlixco's collection day) is 2026-01-05, the last Thursday 2026-01-01.
const TODAY = '2026-01-07';

const draftWith = (over: Partial<NewLoanDraft>): NewLoanDraft => ({
  ...emptyDraft(),
  garantias: ['Televisión', 'Refrigerador'],
  montoCredito: '1,500.50',
  ...over,
});

function bodyOf(draft: NewLoanDraft, lastGroup: number | null = 3, previousLoanId: number | null = null) {
  const resolved = resolveForm(draft, catalog(), { today: TODAY, lastGroup });
  const result = validateNewLoan(formInput(draft, resolved, previousLoanId), resolved.method);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.body;
}

describe('del formulario al cuerpo de POST /api/save-loan', () => {
  test('cliente existente con los valores por omisión: SEMANAL, fecha del día de cobro, último grupo', () => {
    expect(bodyOf(draftWith({ clientId: 1 }), 3, 77)).toEqual({
      client_id: 1,
      new_client: null,
      payment_method_id: SEMANAL.id,
      monto_credito: 1500.5,
      fecha_inicio: '2026-01-05',
      grupo: 3,
      nombre_aval: '',
      telefono_aval: '',
      garantias: ['Televisión', 'Refrigerador'],
      previous_loan_id: 77,
    });
  });

  test('lo que el usuario cambió gana a los valores por omisión; el grupo vacío lo decide el servidor', () => {
    const body = bodyOf(
      draftWith({ clientId: 2, paymentMethodId: String(DIARIO.id), fechaInicio: '2026-01-02', grupo: '' }),
      null,
    );
    expect(body).toMatchObject({
      client_id: 2,
      payment_method_id: DIARIO.id,
      fecha_inicio: '2026-01-02',
      grupo: null,
    });
  });

  test('la fecha sigue al municipio del cliente (jueves en Huamantla)', () => {
    expect(bodyOf(draftWith({ clientId: 2 })).fecha_inicio).toBe('2026-01-01');
  });

  test('cliente nuevo: new_client con su municipio, sin client_id ni préstamo anterior', () => {
    const body = bodyOf(
      draftWith({
        clientMode: 'new',
        clientId: 1,
        newClient: {
          nombre: ' Ana Ruiz ',
          telefono: '(55) 1234-5678',
          municipality_id: '2',
          coordinadora: true,
          empleado: false,
        },
      }),
      5,
      77,
    );
    expect(body.client_id).toBeNull();
    expect(body.previous_loan_id).toBeNull();
    expect(body.new_client).toEqual({
      nombre: 'Ana Ruiz',
      telefono: '(55) 1234-5678',
      municipality_id: 2,
      coordinadora: true,
      empleado: false,
    });
    expect(body.fecha_inicio).toBe('2026-01-01');
    expect(body.grupo).toBe(5);
  });

  test('el aval se envía solo cuando la modalidad lo pide', () => {
    const aval = { nombreAval: 'Pedro Ruiz', telefonoAval: '2441234567' };
    expect(bodyOf(draftWith({ clientId: 1, ...aval }))).toMatchObject({ nombre_aval: '', telefono_aval: '' });
    expect(
      bodyOf(draftWith({ clientId: 1, paymentMethodId: String(MENSUAL.id), montoCredito: '8000', ...aval })),
    ).toMatchObject({ nombre_aval: 'Pedro Ruiz', telefono_aval: '2441234567', monto_credito: 8000 });
  });

  test('un cliente que ya no está en el dispositivo no se envía', () => {
    const draft = draftWith({ clientId: 999 });
    const resolved = resolveForm(draft, catalog(), { today: TODAY, lastGroup: 1 });
    expect(formInput(draft, resolved, null).client_id).toBeNull();
    expect(resolved.fechaInicio).toBe('');
  });

  test('modalidad por omisión: SEMANAL, si no la primera, y ninguna sin modalidades', () => {
    expect(defaultMethod([DIARIO, SEMANAL, MENSUAL])).toBe(SEMANAL);
    expect(defaultMethod([MENSUAL, DIARIO])).toBe(MENSUAL);
    expect(defaultMethod([])).toBeNull();
  });
});
