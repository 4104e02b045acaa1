import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/use-session';
import { returnTo } from './return-to';

/** /login for a signed-in user goes on to the remembered page or the user's home; this is also the post-login jump. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={returnTo(location.state, user)} replace />;
  return children;
}
