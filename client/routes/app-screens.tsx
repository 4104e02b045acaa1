import { lazy, Suspense, useState } from 'react';
import { LoginPage } from '../features/auth/login-page';
import { useSession } from '../session/use-session';
import { SessionCheckSpinner } from '../ui/centered-spinner';
import { loadRouterApp } from './load-router';
import { leaveStandaloneLogin } from './standalone-login';

const RouterApp = lazy(() => loadRouterApp().then((module) => ({ default: module.RouterApp })));

/**
 * What fills the page. Signed out at start, the login screen alone: react-router and the route table are not
 * needed to type a password, and leaving them out keeps the first load small (issue 13 req 5). From the first
 * sign-in on, the router runs everything, /login included (after a logout it shows this same LoginPage).
 */
export function AppScreens({ startWithRouter }: { startWithRouter: boolean }) {
  const { user } = useSession();
  const [withRouter, setWithRouter] = useState(startWithRouter);
  if (!withRouter && user) {
    // Before the router exists, so that it starts at the page to go back to (idempotent under StrictMode).
    leaveStandaloneLogin();
    setWithRouter(true);
  }
  if (!withRouter) return <LoginPage />;
  return (
    <Suspense fallback={<SessionCheckSpinner />}>
      <RouterApp />
    </Suspense>
  );
}
