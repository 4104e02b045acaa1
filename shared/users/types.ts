/** A row of GET /list-users (and the body of register/update). Never carries a password or its hash. */
export interface UserListItem {
  id: number;
  name: string;
  email: string;
  account_id: number;
  /** The account's name (the screen shows 'N/A' when missing). */
  account_name: string | null;
  role_id: number | null;
  /** null when the user has no role (the screen shows 'Sin rol'). */
  role_name: string | null;
  /** The municipalities the user works; null: all of the account's ('Todos'). */
  municipios: number[] | null;
  created_at: string;
}
