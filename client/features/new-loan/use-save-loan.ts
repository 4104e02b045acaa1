import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { newLoanMessages as m } from '../../../shared/loans/new-loan-messages';
import type { NewLoanForm } from '../../../shared/loans/new-loan-schema';
import type { SaveLoanResponse } from '../../../shared/loans/types';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { ApiError, apiPost, errorMessage, isOfflineError } from '../../session/api-client';
import { useLocalStore } from '../../store/local-store-context';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import type { FieldErrors } from '../../ui/use-schema-form';
import { serverDetailsToFieldErrors, validateNewLoan } from './new-loan-validation';

export type SaveOutcome = 'invalid' | 'offline' | 'failed' | 'saved' | 'busy';

export interface SaveLoan {
  busy: boolean;
  /** 'Error al crear el préstamo: …' of the last attempt, kept on screen after its toast goes. */
  failure: string | null;
  /** The last attempt found no connection (the browser said so, or the call could not reach the server). */
  offline: boolean;
  save: (input: NewLoanForm, method: PaymentMethod | null) => Promise<SaveOutcome>;
}

/**
 * docs/producto.md §5 / §8 submit: validate with the shared rules, send once (a second click while busy does nothing),
 * and on success toast, clear the draft, let the sync bring the loan to the device, and go to /loans. Any
 * failure leaves every value in the form (docs/arquitectura.md).
 */
export function useSaveLoan(options: {
  setErrors: (errors: FieldErrors) => void;
  /** The loan was saved: drop the stored draft. */
  onSaved: () => void;
  /** 409: the renewed loan changed meanwhile; ask the server for the open loan again. */
  onConflict: () => void;
}): SaveLoan {
  const { setErrors, onSaved, onConflict } = options;
  const navigate = useNavigate();
  const { engine } = useLocalStore();
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const online = useOnline();

  // The signal is back: the attempt's warning goes (the form still has every value to try again).
  useEffect(() => {
    if (online) setOffline(false);
  }, [online]);

  const save = useCallback(
    async (input: NewLoanForm, method: PaymentMethod | null): Promise<SaveOutcome> => {
      if (busyRef.current) return 'busy';
      setFailure(null);
      setOffline(false);
      const result = validateNewLoan(input, method);
      if (!result.ok) {
        setErrors(result.errors);
        return 'invalid';
      }
      setErrors({});
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setOffline(true);
        return 'offline';
      }
      busyRef.current = true;
      setBusy(true);
      try {
        await apiPost<SaveLoanResponse>('save-loan', result.body);
        onSaved();
        toastSuccess(m.creado);
        void engine?.runNow();
        navigate('/loans');
        return 'saved';
      } catch (error) {
        if (isOfflineError(error)) {
          setOffline(true);
          return 'offline';
        }
        if (error instanceof ApiError) {
          if (error.details && Object.keys(error.details).length > 0)
            setErrors(serverDetailsToFieldErrors(error.details));
          if (error.code === 'CONFLICT') onConflict();
        }
        const message = m.errorCrear + errorMessage(error);
        setFailure(message);
        toastError(message);
        return 'failed';
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [engine, navigate, onConflict, onSaved, setErrors],
  );

  return { busy, failure, offline, save };
}
