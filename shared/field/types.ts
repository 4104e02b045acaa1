// GET /api/field/today ('En campo', docs/producto.md §2.25): today's field work as the server knows it. Money in pesos.
import type { IsoDate } from '../dates';

export interface FieldDevice {
  clientId: string;
  /** The phone's browser, as it introduced itself. */
  userAgent: string | null;
  /** The last push or pull (ISO). */
  lastSeenAt: string;
  /** Entries the phone still had in its outbox after its last push, and when (null: it never said). */
  pendientes: number | null;
  pendientesAt: string | null;
}

export interface FieldCollector {
  userId: number;
  name: string;
  /** Money received today (the ledger's events dated today, as corrected): the same figure as the corte's. */
  cobrado: number;
  pagos: number;
  visitas: number;
  promesas: number;
  /** Loans with a payment or a visit today. */
  atendidos: number;
  devices: FieldDevice[];
}

export interface FieldTown {
  municipalityId: number;
  name: string;
  cobrado: number;
  pagos: number;
  visitas: number;
  promesas: number;
  /** The week's route: loans of the town's sheet for its coverage week (or, without one, its active loans due in it)… */
  ruta: number;
  /** …and those of them with a payment or a visit in that week. */
  hechos: number;
  /** The coverage week's first day, and whether the week has a sheet. */
  semana: IsoDate;
  conHoja: boolean;
}

export interface FieldToday {
  fecha: IsoDate;
  collectors: FieldCollector[];
  towns: FieldTown[];
}

/** The event the live stream sends when a push of the account arrived. */
export const FIELD_EVENT = 'cambio';
