import type { IsoDate } from '../shared/dates';
import type { Permission } from '../shared/permissions';
import type { Config } from './config';
import type { Sql } from './db/connect';

/** null: every municipality of the account; otherwise the ids the user is assigned (maybe none). */
export type MunicipalityScope = readonly number[] | null;

/**
 * What a request may reach (docs/arquitectura.md; assigned municipalities: docs/reglas-del-negocio.md §11): every account-owned query filters by
 * `accountId`, and every query of a town's data (clients, loans, schedules, payments, sheets, visits, report
 * figures) by `municipios` too (server/scope/towns.ts). Queries of town data take this, not a bare account id.
 */
export interface Scope {
  accountId: number;
  /** null: every municipality of the account; otherwise the only ones the user may read or write. */
  municipios: MunicipalityScope;
}

/** Who is calling: the verified access token, and the scope read from the database (auth/middleware.ts). */
export interface TokenInfo {
  userId: number;
  accountId: number;
  roleId: number | null;
  roleName: string | null;
  permissions: Permission[];
}

export interface AuthInfo extends TokenInfo, Scope {}

export interface AppEnv {
  Variables: { auth: AuthInfo };
}

export interface AppDeps {
  sql: Sql;
  config: Config;
  /** False while the server waits for the database at start (every API request answers 503); absent: ready. */
  ready?: () => boolean;
  /** While not ready: true once the database answered and migrations run (the 503 says it is preparing). */
  preparing?: () => boolean;
}

/** Who pushed a mutation, from which device, with which id (docs/sincronizacion.md). */
export interface MutationContext {
  accountId: number;
  userId: number;
  clientId: string;
  mutationId: number;
  /** When it happened on the phone; null when the phone sent no plausible time. */
  clientTime: Date | null;
  /** The business's today. */
  today: IsoDate;
  /** The mutation's name, recorded as the audit row's action. */
  action: string;
}

/** A mutation that changed nothing because it had already happened (its receipt was applied) or was undone. */
export interface Skipped {
  skipped: string;
}
