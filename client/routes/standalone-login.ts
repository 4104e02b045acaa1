import type { SessionUser } from '../../shared/auth/types';
import { type LoginState, returnTo } from './return-to';

// A signed-out first load shows the login screen without the router (client/routes/app-screens.tsx). These two
// do by hand what the router's guards would: put /login in the address bar, remembering the page that was
// asked for, and after signing in go to it (or to the home) before the router starts and reads the address.

let from: LoginState['from'];
let active = false;

export function enterStandaloneLogin(): void {
  active = true;
  const { pathname, search, hash } = window.location;
  if (pathname === '/login') return;
  from = { pathname, search, hash };
  window.history.replaceState(null, '', '/login');
}

/** Idempotent: only the first call after enterStandaloneLogin() moves the address (to `user`'s home if none was asked). */
export function leaveStandaloneLogin(user: SessionUser): void {
  if (!active) return;
  active = false;
  window.history.replaceState(null, '', returnTo({ from }, user));
}
