import { useEffect } from 'react';
import { toastError } from '../../ui/toaster';

/** docs/producto.md §8: a report's load failure is a red panel and a toast, '<prefix><reason>'. */
export function useReportErrorToast(prefix: string, error: string | null) {
  useEffect(() => {
    if (error) toastError(`${prefix}${error}`);
  }, [prefix, error]);
}
