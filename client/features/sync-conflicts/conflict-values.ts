// How a conflict's values and people read on screen. Pure, so the wording is tested without a browser.
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { conflictTexts as t } from './conflict-texts';

export interface ValueLine {
  label: 'Pagada' | 'Parcial' | 'Fecha pagada';
  text: string;
}

/** A field the device's edit did not send reads 'Sin cambio'; on a row, an empty paid date reads 'Sin fecha'. */
export type MissingAs = 'Sin cambio' | 'Sin fecha';

const yesNo = (value: unknown): string | null => (typeof value === 'boolean' ? (value ? 'Sí' : 'No') : null);
const money = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? formatMoney(value) : null;
const date = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? formatDate(value) : null;

/**
 * pagada Sí/No, parcial as money, fecha pagada as a date (docs/producto.md §5 formats). `missing` names what an absent
 * value means: the row had none ('Sin fecha'), or the device did not change it ('Sin cambio').
 */
export function valueLines(value: Record<string, unknown>, missing: MissingAs): ValueLine[] {
  const unchanged = missing === 'Sin cambio' ? 'Sin cambio' : null;
  return [
    { label: 'Pagada', text: yesNo(value.pagada) ?? unchanged ?? 'No' },
    { label: 'Parcial', text: money(value.parcial) ?? unchanged ?? '$0.00' },
    { label: 'Fecha pagada', text: date(value.fecha_pagada) ?? missing },
  ];
}

export const personText = (person: { name: string } | null): string => person?.name || t.desconocido;

/** A device's id, or the online screens when the change came from no device. */
export const deviceText = (clientId: string | null): string => clientId ?? t.enLinea;

export const whenText = (iso: string | null): string => formatDateTime(iso);
