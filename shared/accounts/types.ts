/** An account (tenant) as the API sends it (docs/producto.md §3). */
export interface Account {
  id: number;
  name: string;
  created_at: string;
}
