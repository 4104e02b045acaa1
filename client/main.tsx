import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadAfterLogin } from './routes/load-router';
import { enterStandaloneLogin } from './routes/standalone-login';
import { getSession } from './session/session-store';
import './ui/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

// #root holds the prerendered login screen and session spinner (vite.config.ts, prerenderShell); the first render
// replaces them with the same screen, so nothing moves. Signed out, the login screen runs without the router;
// with a stored session the router, the layout and the home screen start loading at once, in parallel.
const signedIn = getSession() !== null;
if (signedIn) preloadAfterLogin();
else enterStandaloneLogin();

// A transition: the first render runs in slices that let the browser handle input in between (the prerendered
// form stays usable, and typing on it is carried over: client/prerender/use-shell-login.ts), instead of one
// long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App startWithRouter={signedIn} />
    </StrictMode>,
  );
});
