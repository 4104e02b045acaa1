import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { lastSessionChange } from '../session/session-store';
import { useSession } from '../session/use-session';
import type { LoginState } from './return-to';

/** Every route but /login needs a user (docs/producto.md §2); the page is remembered, except after an explicit logout. */
export function RequireSession() {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Outlet />;
  const state: LoginState | undefined = lastSessionChange() === 'signedOut' ? undefined : { from: location };
  return <Navigate to="/login" replace state={state} />;
}
