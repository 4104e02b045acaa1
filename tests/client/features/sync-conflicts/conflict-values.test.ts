import { describe, expect, test } from 'vitest';
import {
  deviceText,
  personText,
  valueLines,
} from '../../../../client/features/sync-conflicts/conflict-values';
import { formatDate } from '../../../../shared/dates';

describe('a conflict’s values as the office reads them', () => {
  test('a row: pagada Sí/No, parcial as money, the paid date or "Sin fecha"', () => {
    expect(
      valueLines({ pagada: false, parcial: 200, fecha_pagada: '2026-11-20', version: 3 }, 'Sin fecha'),
    ).toEqual([
      { label: 'Pagada', text: 'No' },
      { label: 'Parcial', text: '$200.00' },
      { label: 'Fecha pagada', text: formatDate('2026-11-20') },
    ]);
    expect(valueLines({ pagada: true, parcial: 0, fecha_pagada: null }, 'Sin fecha')).toEqual([
      { label: 'Pagada', text: 'Sí' },
      { label: 'Parcial', text: '$0.00' },
      { label: 'Fecha pagada', text: 'Sin fecha' },
    ]);
  });

  test('the device’s edit: a field it did not send reads "Sin cambio"', () => {
    expect(
      valueLines({ pagada: null, parcial: 350, fecha_pagada: null, baseVersion: 2 }, 'Sin cambio'),
    ).toEqual([
      { label: 'Pagada', text: 'Sin cambio' },
      { label: 'Parcial', text: '$350.00' },
      { label: 'Fecha pagada', text: 'Sin cambio' },
    ]);
  });

  test('who and from where', () => {
    expect(personText({ name: 'Ana' })).toBe('Ana');
    expect(personText(null)).toBe('Desconocido');
    expect(deviceText('0b7c…')).toBe('0b7c…');
    expect(deviceText(null)).toBe('En línea (sin dispositivo)');
  });
});
