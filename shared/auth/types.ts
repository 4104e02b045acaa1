import type { Permission } from '../permissions';

/** The signed-in user as the client keeps it under localStorage `currentUser` (docs/producto.md §3). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  account_id: number;
  account_name: string;
  role_id: number | null;
  role_name: string | null;
  permissions: Permission[];
  /**
   * The account records where Cobranza's taps happen (decision 029). Travels with the session, like the
   * permissions: renewed at each sign-in and token refresh, and known offline. Absent in sessions saved before.
   */
  registrar_ubicacion?: boolean;
}

export interface LoginResponse {
  token: string;
  refreshToken: string;
  user: SessionUser;
  /** Beyond docs/producto.md §7: this phone's token, sent back with its next logins (decision 016). */
  device?: string;
}

/** docs/producto.md §7: refresh answers access_token, refresh_token and an optional user. */
export interface RefreshResponse {
  access_token: string;
  refresh_token: string;
  user?: SessionUser;
}
