import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { LoginPage } from '../features/auth/login-page';
import { useSession } from '../session/use-session';
import { SessionCheckSpinner } from '../ui/centered-spinner';
import { loadedRouterApp, loadRouterApp } from './load-router';
import { leaveStandaloneLogin } from './standalone-login';

const RouterApp = lazy(() => loadRouterApp().then((module) => ({ default: module.RouterApp })));

/**
 * What fills the page. Signed out at start, the login screen alone: react-router and the route table are not
 * needed to type a password, and leaving them out keeps the first load small (decision 012). From the first
 * sign-in on, the router runs everything, /login included (after a logout it shows this same LoginPage).
 */
export function AppScreens({ startWithRouter }: { startWithRouter: boolean }) {
  const { user } = useSession();
  const [withRouter, setWithRouter] = useState(startWithRouter);
  useEffect(() => {
    if (withRouter || !user) return;
    // Before the router exists, so that it starts at the page to go back to (idempotent under StrictMode).
    leaveStandaloneLogin(user);
    // A transition: the whole signed-in app mounts here, in slices (one task of ~100 ms on this project's
    // machine otherwise, in the middle of the first sync). The login screen stays meanwhile.
    startTransition(() => setWithRouter(true));
  }, [user, withRouter]);
  if (!withRouter) return <LoginPage />;
  return <RouterEntry />;
}

/**
 * The router: directly when its chunk is already here (fetched while the password was typed, or before the
 * first render of a signed-in app), else lazily behind the spinner. Chosen once per mount, like LazyScreen:
 * switching component types later would remount the whole app.
 */
function RouterEntry() {
  const [Loaded] = useState(() => loadedRouterApp()?.RouterApp);
  if (Loaded) return <Loaded loginPage={<LoginPage />} />;
  return (
    <Suspense fallback={<SessionCheckSpinner />}>
      <RouterApp loginPage={<LoginPage />} />
    </Suspense>
  );
}
