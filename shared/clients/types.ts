/** A client as the API sends it (docs/producto.md §3), with its municipality's name nested as `municipalities`. */
export interface Client {
  id: number;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
  municipality_id: number;
  municipalities: { name: string };
  account_id: number;
  created_at: string;
}

/** POST /add-client answers the new id (docs/producto.md §7) and the client. */
export interface AddClientResponse {
  id: number;
  data: Client;
}
