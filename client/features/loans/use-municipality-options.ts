import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalStore } from '../../store/local-store-context';

export interface MunicipalityOption {
  id: number;
  name: string;
}

const byName = new Intl.Collator('es-MX', { sensitivity: 'base' });

/** The filter's municipalities: the device's, without the deleted ones (docs/producto.md §4), by name. */
export function useMunicipalityOptions(): MunicipalityOption[] {
  const { db } = useLocalStore();
  return (
    useLiveQuery(async () => {
      const all = await db.municipalities.toArray();
      return all
        .filter((m) => !m.delete)
        .map((m) => ({ id: m.id, name: m.name }))
        .sort((a, b) => byName.compare(a.name, b.name));
    }, [db]) ?? []
  );
}
