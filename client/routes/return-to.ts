import type { SessionUser } from '../../shared/auth/types';
import { homePathFor } from './home-path';

/** The router state /login receives from a guarded route: where to go back after signing in. */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after login: the remembered page (only an in-app path, never /login itself), else the user's home. */
export function returnTo(state: unknown, user: SessionUser | null): string {
  const from = (state as LoginState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return homePathFor(user);
  if (from.pathname.startsWith('//') || from.pathname === '/login' || from.pathname === '/')
    return homePathFor(user);
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
