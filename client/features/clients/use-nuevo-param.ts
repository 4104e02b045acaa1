import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * `?nuevo=1` (the dashboard's 'Registrar Nuevo Cliente') opens the create dialog once; the parameter is
 * dropped so a reload does not open it again. `openCreate` must be stable (useEditDialog's is).
 */
export function useNuevoParam(openCreate: () => void) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('nuevo') !== '1') return;
    openCreate();
    setParams(
      (current) => {
        current.delete('nuevo');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams, openCreate]);
}
