// The form's draft survives a reload of the tab (sessionStorage, per user), so a dropped connection or an
// accidental refresh never loses what was typed (docs/arquitectura.md). It is cleared once the loan is saved.
import { type NewLoanDraft, parseDraft } from './new-loan-draft';

const keyOf = (userId: number) => `prestamos:nuevo-prestamo:u${userId}`;

/** Storage can be unavailable (private mode, quota): the form still works, only without the draft. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(userId: number): NewLoanDraft | null {
  try {
    return parseDraft(storage()?.getItem(keyOf(userId)) ?? null);
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, draft: NewLoanDraft): void {
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Full or blocked storage: the values are still in the form.
  }
}

export function clearDraft(userId: number): void {
  try {
    storage()?.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear.
  }
}
