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

// A transition: the first render runs in slices that let the browser handle input in between (the prerendered
// form stays usable, and typing on it is carried over: client/prerender/use-shell-login.ts), instead of one
// long task on a slow phone.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App startWithRouter={signedIn} />
      </StrictMode>,
    );
  });

// Signed in, the first render waits for the router, the layout and the home screen: the prerendered spinner
// shows meanwhile, as React's would, and the app then mounts in one commit. Rendered before them, each lazy
// piece showed a fallback and React held every reveal until 300 ms after it (its throttle for fallbacks).
if (signedIn) void preloadAfterLogin().then(render);
else {
  enterStandaloneLogin();
  render();
}
