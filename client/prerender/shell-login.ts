import { EARLY_SUBMIT, SHELL_ATTRIBUTE } from './shell-markers';

/** What the user did on the prerendered login form before the app's code replaced it. */
export interface ShellLogin {
  values: { email: string; password: string };
  /** The control that had the focus (a selector inside the form) and its caret. */
  focus: { selector: string; start: number | null; end: number | null } | null;
  submitted: boolean;
}

interface Shell {
  form: HTMLFormElement;
  /** The last control of the form that took the focus (the focus is lost when React removes the form). */
  focused: Element | null;
  stop: () => void;
}

let shell: Shell | null | undefined;

function valuesOf(form: HTMLFormElement): ShellLogin['values'] {
  const value = (name: string) => {
    const input = form.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  return { email: value('email'), password: value('password') };
}

function focusOf(control: Element | null): ShellLogin['focus'] {
  if (control instanceof HTMLInputElement && control.name)
    return {
      selector: `input[name="${control.name}"]`,
      start: control.selectionStart,
      end: control.selectionEnd,
    };
  if (control instanceof HTMLButtonElement)
    return { selector: 'button[type="submit"]', start: null, end: null };
  return null;
}

function findShell(): Shell | null {
  if (typeof document === 'undefined') return null;
  const form = document.querySelector<HTMLFormElement>(`[${SHELL_ATTRIBUTE}="login"] form`);
  if (!form) return null;
  const found: Shell = {
    form,
    focused: form.contains(document.activeElement) ? document.activeElement : null,
    stop: () => form.removeEventListener('focusin', onFocus),
  };
  const onFocus = (event: FocusEvent) => {
    found.focused = event.target as Element;
  };
  form.addEventListener('focusin', onFocus);
  return found;
}

/**
 * The values on the prerendered form when the app's first render reads them (null without one: dev server,
 * tests). The first render may run in slices while the user keeps typing there; takeShellLogin() has the rest.
 */
export function shellLogin(): Pick<ShellLogin, 'values'> | null {
  if (shell === undefined) shell = findShell();
  return shell ? { values: valuesOf(shell.form) } : null;
}

/**
 * Called once the commit that replaced the prerendered form has run (a layout effect, same task: no keystroke
 * can fall in between): what the form held as it left the page, read from its detached inputs. Only once, so
 * a password typed there never comes back on a later visit to the login screen.
 */
export function takeShellLogin(): ShellLogin | null {
  if (shell === undefined) shell = findShell();
  const taken = shell;
  shell = null;
  if (!taken) return null;
  taken.stop();
  const early = window as unknown as Record<string, unknown>;
  const submitted = early[EARLY_SUBMIT] === true;
  early[EARLY_SUBMIT] = false;
  return { values: valuesOf(taken.form), focus: focusOf(taken.focused), submitted };
}

/** Puts the focus and the caret back on the same control of the form that replaced the prerendered one. */
export function restoreShellFocus(form: HTMLFormElement, focus: ShellLogin['focus']): void {
  if (!focus) return;
  const control = form.querySelector<HTMLInputElement | HTMLButtonElement>(focus.selector);
  control?.focus({ preventScroll: true });
  if (control instanceof HTMLInputElement && focus.start !== null && focus.end !== null)
    control.setSelectionRange(focus.start, focus.end);
}
