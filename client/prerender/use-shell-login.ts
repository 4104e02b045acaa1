import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { restoreShellFocus, shellLogin, takeShellLogin } from './shell-login';

const EMPTY = { email: '', password: '' };

/**
 * The login form's values, starting from what was typed on the prerendered form (index.html) before the app
 * ran. When this form replaces it: the last keystrokes, the focus and caret (before the first paint), and a
 * submit the user already pressed, sent once these values are rendered.
 */
export function useShellLogin(formRef: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState(() => shellLogin()?.values ?? EMPTY);
  const [sendWhenReady, setSendWhenReady] = useState(false);

  useLayoutEffect(() => {
    const shell = takeShellLogin();
    if (!shell) return;
    setValues(shell.values);
    if (formRef.current) restoreShellFocus(formRef.current, shell.focus);
    if (shell.submitted) setSendWhenReady(true);
  }, [formRef]);

  useEffect(() => {
    if (!sendWhenReady) return;
    setSendWhenReady(false);
    formRef.current?.requestSubmit();
  }, [sendWhenReady, formRef]);

  return [values, setValues] as const;
}
