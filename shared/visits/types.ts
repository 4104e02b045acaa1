import type { IsoDate } from '../dates';
import type { PlaceView } from '../location/types';

/** Why a visit brought no payment (docs/reglas-del-negocio.md). */
export const MOTIVOS_VISITA = ['NO_ESTABA', 'SIN_DINERO', 'PROMESA', 'OTRO'] as const;
export type MotivoVisita = (typeof MOTIVOS_VISITA)[number];

export const MOTIVO_VISITA_TEXTO: Record<MotivoVisita, string> = {
  NO_ESTABA: 'No estaba',
  SIN_DINERO: 'Sin dinero',
  PROMESA: 'Promesa de pago',
  OTRO: 'Otro',
};

/** A visit as devices receive it (sync entity `visits`) and the office reads it. */
export interface Visit {
  id: number;
  loan_id: number;
  user_id: number;
  user_name: string;
  motivo: MotivoVisita;
  fecha: IsoDate;
  fecha_promesa: IsoDate | null;
  nota: string | null;
  receipt_id: string;
  /** When it happened on the phone (ISO), if the phone said. */
  client_time: string | null;
  /** When the server received it. */
  created_at: string;
  version: number;
  /**
   * Where it was saved (decision 029): only in GET /loans/:id/visits to readers of locations (REPORTES_VER);
   * null when the account did not ask. Never in the sync pull.
   */
  ubicacion?: PlaceView | null;
}
