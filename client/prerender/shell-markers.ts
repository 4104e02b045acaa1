// What index.html's prerendered shell (vite.config.ts, prerenderShell) and the app agree on.

/** Each prerendered screen inside #root carries it: 'login', or 'session' (the spinner for a stored session). */
export const SHELL_ATTRIBUTE = 'data-shell';

export type ShellScreen = 'login' | 'session';

/** The last element of the prerendered #root: neither screen shows before the parser has reached it. */
export const SHELL_END_ATTRIBUTE = 'data-shell-end';

/** Set on <html> by the inline head script when a session is stored, before the first paint. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/** The inline script sets window[EARLY_SUBMIT] to true when the prerendered form is sent before the app runs. */
export const EARLY_SUBMIT = '__loginSubmitted';
