import type { IsoDate } from '../dates';
import type { TipoInversion } from './schemas';

/** docs/producto.md §3 Inversion; importe in pesos, always positive as typed (the type says if it came in or went out). */
export interface Inversion {
  id: number;
  fecha: IsoDate;
  importe: number;
  responsable: string;
  tipo: TipoInversion;
  descripcion: string;
  created_at: string;
}

/** Per responsible person (docs/producto.md §7): money put in, money taken out (Retiro) and the net. */
export interface InversionPersonTotal {
  responsable: string;
  aportado: number;
  retirado: number;
  neto: number;
  count: number;
}

export interface InversionesResponse {
  data: {
    inversiones: Inversion[];
    summary: InversionPersonTotal[];
    totals: { aportado: number; retirado: number; neto: number };
    fechaInicio: IsoDate;
    fechaFin: IsoDate;
  };
}
