import type { CollectionDay } from './schemas';

/** A municipality as the API sends it (docs/producto.md §3). The column is `deleted`; the wire name is SPEC's `delete`. */
export interface Municipality {
  id: number;
  name: string;
  collection_day: CollectionDay;
  delete: boolean;
  created_at: string;
}
