// Build time only (vite.config.ts's prerenderShell runs it in Node through Vite): the login screen and the
// session spinner rendered by the app's own components, with the CSS Emotion generated for them, for index.html.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { LoginPage } from '../features/auth/login-page';
import { SessionContext, type SessionValue } from '../session/session-context';
import { SESSION_KEYS } from '../session/session-store';
import { SessionCheckSpinner } from '../ui/centered-spinner';
import { system } from '../ui/theme';
import {
  EARLY_SUBMIT,
  SHELL_ATTRIBUTE,
  SHELL_END_ATTRIBUTE,
  type ShellScreen,
  SIGNED_IN_ATTRIBUTE,
} from './shell-markers';

export interface RenderedShell {
  /** Style elements and the inline script, for the end of <head>. */
  head: string;
  /** The content of #root. */
  root: string;
}

const signedOut: SessionValue = {
  user: null,
  signIn: () => Promise.reject(new Error('prerender')),
  signOut: () => Promise.resolve(),
};

const screen = (name: ShellScreen) => ({ [SHELL_ATTRIBUTE]: name });

// Emotion on the server writes a <style data-emotion="css NAME…"> before each element that uses a class, and
// <style data-emotion="css-global NAME"> for Chakra's tokens, reset and global CSS.
const STYLE_TAG = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Moves Emotion's style elements to <head>, each class once, in the order Emotion wrote them. The attributes
 * are Emotion's own ("css-global NAME", "css NAME NAME…"): when the app starts, Emotion adopts these elements
 * and does not insert the same rules again, and Chakra's global styles reuse theirs.
 */
function hoistStyles(html: string): { markup: string; styles: string } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const seen = new Set<string>();
  for (const [, attribute, css] of html.matchAll(STYLE_TAG)) {
    if (!attribute || css === undefined) continue;
    if (attribute.startsWith('css-global ')) {
      if (!seen.has(attribute)) globals.push(`<style data-emotion="${attribute}">${css}</style>`);
      seen.add(attribute);
      continue;
    }
    const fresh = attribute
      .split(' ')
      .slice(1)
      .filter((name) => !seen.has(name));
    if (fresh.length === 0) continue;
    for (const name of fresh) seen.add(name);
    names.push(...fresh);
    rules.push(css);
  }
  const classes = `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`;
  return { markup: html.replace(STYLE_TAG, ''), styles: globals.join('') + classes };
}

/**
 * Runs before the first paint: with a stored session (the keys docs/producto.md §3 names; the app still checks them) the
 * spinner shows instead of the login form, and a form sent before the app runs is held for it.
 */
const inlineScript = `(function(){var d=document.documentElement;try{var s=localStorage;if(s.getItem(${JSON.stringify(SESSION_KEYS.user)})&&s.getItem(${JSON.stringify(SESSION_KEYS.token)})&&s.getItem(${JSON.stringify(SESSION_KEYS.refreshToken)}))d.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},'')}catch(e){}document.addEventListener('submit',function(e){if(e.target.closest&&e.target.closest('[${SHELL_ATTRIBUTE}]')){e.preventDefault();window[${JSON.stringify(EARLY_SUBMIT)}]=true}},true)})();`;

/**
 * One screen shows: the spinner with a stored session, else the login form. And only once the parser has
 * reached the end marker: a phone paints whatever part of the HTML has arrived, and a half-parsed card,
 * centred on its half height, would jump when the rest came (Lighthouse saw a layout shift of 0.09-0.15).
 */
const shellCss = `#root>[${SHELL_ATTRIBUTE}]{display:none}html:not([${SIGNED_IN_ATTRIBUTE}]) #root:has(>[${SHELL_END_ATTRIBUTE}])>[${SHELL_ATTRIBUTE}="login"],html[${SIGNED_IN_ATTRIBUTE}] #root:has(>[${SHELL_END_ATTRIBUTE}])>[${SHELL_ATTRIBUTE}="session"]{display:block}`;

export function renderShell(): RenderedShell {
  const html = renderToString(
    <ChakraProvider value={system}>
      <SessionContext value={signedOut}>
        <div {...screen('login')}>
          <LoginPage />
        </div>
        <div {...screen('session')}>
          <SessionCheckSpinner />
        </div>
        <i {...{ [SHELL_END_ATTRIBUTE]: '' }} hidden />
      </SessionContext>
    </ChakraProvider>,
  );
  const { markup, styles } = hoistStyles(html);
  return {
    head: `<script>${inlineScript}</script>${styles}<style>${shellCss}</style>`,
    root: markup,
  };
}
