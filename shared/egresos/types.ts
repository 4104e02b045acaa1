import type { IsoDate } from '../dates';

export type TipoEgreso = 'OPERACION' | 'FINANCIERO' | 'OTROS';

/** An expense catalogue item (docs/producto.md §3). */
export interface CatalogoEgreso {
  id: number;
  identificador: string;
  concepto: string;
  tipo: TipoEgreso;
}

/** docs/producto.md §3 Egreso; importe in pesos. */
export interface Egreso {
  id: number;
  fecha: IsoDate;
  importe: number;
  responsable: string;
  catalogo_egreso_id: number;
  catalogo_egreso: { concepto: string; tipo: TipoEgreso };
  created_at: string;
}

export interface EgresoConceptTotal {
  catalogo_egreso_id: number;
  concepto: string;
  tipo: TipoEgreso;
  total: number;
  count: number;
}

/** GET list-egresos: data.egresos and data.summary (totals per concept, docs/producto.md §7), plus the grand total. */
export interface EgresosResponse {
  data: {
    egresos: Egreso[];
    summary: EgresoConceptTotal[];
    total: number;
    fechaInicio: IsoDate;
    fechaFin: IsoDate;
  };
}
