import type { Permission } from '../shared/permissions';
import type { Config } from './config';
import type { Sql } from './db/connect';

/** Who is calling, from the verified access token. Every account-owned query filters by `accountId`. */
export interface AuthInfo {
  userId: number;
  accountId: number;
  roleId: number | null;
  roleName: string | null;
  permissions: Permission[];
}

export interface AppEnv {
  Variables: { auth: AuthInfo };
}

export interface AppDeps {
  sql: Sql;
  config: Config;
  /** False while the server waits for the database at start (every API request answers 503); absent: ready. */
  ready?: () => boolean;
}
