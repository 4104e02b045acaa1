import { accountMessages } from '../../shared/accounts/messages';
import { AppError } from '../../shared/errors';
import type { AuthInfo } from '../types';

// Who may act on which account, shared by the catalogue features (clients, users, roles, accounts).

/** docs/arquitectura.md: only CUENTAS_GESTIONAR may act across accounts. */
export const actsAcrossAccounts = (auth: AuthInfo) => auth.permissions.includes('CUENTAS_GESTIONAR');

/** A write that targets `accountId`: the caller's own account, or any account with CUENTAS_GESTIONAR. */
export function assertAccountReachable(auth: AuthInfo, accountId: number): void {
  if (accountId !== auth.accountId && !actsAcrossAccounts(auth))
    throw new AppError('FORBIDDEN', accountMessages.otraCuenta);
}

/** Nobody grants (through a role) or takes over (through a user) a permission they do not hold themself. */
export function holdsAll(auth: AuthInfo, permissions: readonly string[]): boolean {
  return permissions.every((p) => (auth.permissions as readonly string[]).includes(p));
}
