// Where a payment or a visit happened, and a client's saved place (docs/reglas-del-negocio.md §10.1, decision 029).

/**
 * Why a located tap carries no position: the phone refused the permission, gave none (no GPS fix yet, no
 * geolocation at all), or its last one is older than `FRESH_FIX_MS`.
 */
export const MOTIVOS_SIN_UBICACION = ['denegada', 'no_disponible', 'vieja'] as const;
export type MotivoSinUbicacion = (typeof MOTIVOS_SIN_UBICACION)[number];

/** A position as the phone's geolocation gave it: degrees, accuracy radius in metres, when it was taken (ISO). */
export interface GeoFix {
  lat: number;
  lon: number;
  precision: number;
  tomada: string;
}

/**
 * What a tap on 'Pagó', 'Otro monto' or 'No pagó' carries when the account records locations: the position,
 * or why there is none. Absent: the account did not ask (or the phone's app predates it).
 */
export type RecordedLocation = GeoFix | { sin: MotivoSinUbicacion };

/** How old a position may be when the tap takes it (the collector walks from door to door). */
export const FRESH_FIX_MS = 2 * 60_000;

/**
 * A payment's or visit's location as the office reads it (REPORTES_VER): the position with its distance to the
 * client's saved place (null when the client has none), or why there is none. Null: recorded without asking.
 */
export type PlaceView = (GeoFix & { distancia: number | null }) | { sin: MotivoSinUbicacion };

/** The client's saved place ('Guardar ubicación'), the latest one, as the office reads it. */
export interface ClientPlace extends GeoFix {
  guardada: string;
  user_name: string | null;
}

/** The account's settings (GET/PUT /api/account-settings). */
export interface AccountSettings {
  registrar_ubicacion: boolean;
}

export const isFix = <T extends RecordedLocation | PlaceView>(l: T): l is Extract<T, GeoFix> => 'lat' in l;
