import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { mensajes } from '../../shared/messages';
import { useSession } from '../session/use-session';
import { userCan } from '../session/user-can';
import { SessionCheckSpinner } from '../ui/centered-spinner';
import { homePathFor } from './home-path';
import { LazyScreen } from './lazy-screen';
import { RedirectIfSignedIn } from './redirect-if-signed-in';
import { type AppRoute, appRoutes } from './registry';
import { RequireSession } from './require-session';
import { screenOf } from './screens';
import { appLayoutScreen } from './signed-in-shell';
import { ForbiddenPage, NotFoundPage } from './status-page';

/** A registered screen, or 'Acceso denegado' when the role lacks its permission (the server refuses anyway). */
function GuardedScreen({ route }: { route: AppRoute }) {
  const { user } = useSession();
  if (!userCan(user, route.permission)) return <ForbiddenPage message={mensajes.sinPermiso} />;
  return <LazyScreen screen={screenOf(route)} />;
}

/** '/' goes to the user's home: Cobranza for a collector, the dashboard for the office. */
function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={homePathFor(user)} replace />;
}

// The key gives each screen its own instance: without it React reuses the previous screen's GuardedScreen
// (same type, same place in the tree) and LazyScreen, which picks its component once per mount, keeps
// showing the old screen after a link is followed.
const screenRoute = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <GuardedScreen key={route.path} route={route} />,
});

// The login page is in the first chunk (a signed-out first load shows it before this router is even loaded,
// client/routes/app-screens.tsx), which hands it in: the login page loads this router ahead of time, and
// importing it here made a cycle. The layout and every screen are their own chunks: /login loads none of them.
const routesWith = (loginPage: ReactNode): RouteObject[] => [
  {
    path: '/login',
    element: <RedirectIfSignedIn>{loginPage}</RedirectIfSignedIn>,
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: (
          <Suspense fallback={<SessionCheckSpinner />}>
            <LazyScreen screen={appLayoutScreen} />
          </Suspense>
        ),
        children: [
          { index: true, element: <HomeRedirect /> },
          ...appRoutes.map(screenRoute),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = (loginPage: ReactNode) => createBrowserRouter(routesWith(loginPage));
