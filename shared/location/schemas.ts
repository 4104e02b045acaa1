// The location a located tap carries, and 'Guardar ubicación' (decision 029): the phone builds these and the
// server's push reads them with the same schemas (shared/sync/mutations.ts).
import * as v from 'valibot';
import { paymentMessages } from '../payments/messages';
import { requiredId } from '../validation/ids';
import { locationMessages as m } from './messages';
import { MOTIVOS_SIN_UBICACION } from './types';

const degrees = (max: number) =>
  v.pipe(
    v.number(m.ubicacionInvalida),
    v.finite(m.ubicacionInvalida),
    v.minValue(-max, m.ubicacionInvalida),
    v.maxValue(max, m.ubicacionInvalida),
  );

/** An instant a phone could have taken a position at (a clock years off is refused, not stored). */
const takenAt = v.pipe(
  v.string(m.ubicacionInvalida),
  v.check((text) => {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return false;
    const year = new Date(at).getUTCFullYear();
    return year >= 2000 && year <= 2200;
  }, m.ubicacionInvalida),
);

export const geoFixSchema = v.object({
  lat: degrees(90),
  lon: degrees(180),
  // A phone's accuracy radius: metres, up to a town's width (a network guess of a whole region is no place).
  precision: v.pipe(
    v.number(m.ubicacionInvalida),
    v.finite(m.ubicacionInvalida),
    v.minValue(0, m.ubicacionInvalida),
    v.maxValue(100_000, m.ubicacionInvalida),
  ),
  tomada: takenAt,
});

/** A located tap's `ubicacion`: the position, or why there is none. */
export const recordedLocationSchema = v.union(
  [geoFixSchema, v.object({ sin: v.picklist(MOTIVOS_SIN_UBICACION, m.ubicacionInvalida) })],
  m.ubicacionInvalida,
);

/** Optional in the payment's and the visit's mutations: entries queued without it stay valid. */
export const optionalLocation = v.optional(recordedLocationSchema);

/** Sync mutation `client_location.save`: 'Guardar ubicación' on a loan's card saves its client's place. */
export const clientLocationSaveSchema = v.object({
  receiptId: v.pipe(v.string(paymentMessages.reciboInvalido), v.uuid(paymentMessages.reciboInvalido)),
  loanId: requiredId(paymentMessages.prestamoRequerido),
  ubicacion: geoFixSchema,
});
export type ClientLocationSaveArgs = v.InferOutput<typeof clientLocationSaveSchema>;

/** PUT /api/account-settings. */
export const accountSettingsSchema = v.object({
  registrar_ubicacion: v.boolean(m.registrarInvalido),
});
