import { useCallback, useEffect, useState } from 'react';
import type { FieldErrors } from '../../ui/use-schema-form';
import { clearDraft, loadDraft, saveDraft } from './draft-storage';
import { addGuarantee, emptyDraft, type NewLoanDraft, removeGuarantee } from './new-loan-draft';

export interface NewLoanDraftState {
  draft: NewLoanDraft;
  errors: FieldErrors;
  /** Changes the draft; the messages of `fields` go (the user is fixing them). */
  update: (patch: Partial<NewLoanDraft>, ...fields: string[]) => void;
  setGuarantee: (index: number, value: string) => void;
  addGuaranteeRow: () => void;
  removeGuaranteeRow: (index: number) => void;
  setErrors: (errors: FieldErrors) => void;
  /** After a save: the stored draft goes, so the next visit starts empty. */
  discard: () => void;
}

const without = (errors: FieldErrors, fields: readonly string[]): FieldErrors => {
  if (!fields.some((f) => errors[f] !== undefined)) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
};

/** Every `garantias.N` message, which shift when a row is removed. */
const guaranteeKeys = (errors: FieldErrors) => Object.keys(errors).filter((k) => k.startsWith('garantias'));

/** The form's values, kept in sessionStorage as they change so a reload loses nothing (docs/arquitectura.md). */
export function useNewLoanDraft(userId: number): NewLoanDraftState {
  const [draft, setDraft] = useState<NewLoanDraft>(() => loadDraft(userId) ?? emptyDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) saveDraft(userId, draft);
  }, [userId, draft, saved]);

  const update = useCallback((patch: Partial<NewLoanDraft>, ...fields: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (fields.length) setErrors((e) => without(e, fields));
  }, []);

  const setGuarantee = useCallback((index: number, value: string) => {
    setDraft((d) => ({ ...d, garantias: d.garantias.map((g, i) => (i === index ? value : g)) }));
    setErrors((e) => without(e, [`garantias.${index}`, 'garantias']));
  }, []);

  const addGuaranteeRow = useCallback(() => {
    setDraft((d) => ({ ...d, garantias: addGuarantee(d.garantias) }));
  }, []);

  const removeGuaranteeRow = useCallback((index: number) => {
    setDraft((d) => ({ ...d, garantias: removeGuarantee(d.garantias, index) }));
    setErrors((e) => without(e, guaranteeKeys(e)));
  }, []);

  const discard = useCallback(() => {
    setSaved(true);
    clearDraft(userId);
  }, [userId]);

  return { draft, errors, update, setGuarantee, addGuaranteeRow, removeGuaranteeRow, setErrors, discard };
}
