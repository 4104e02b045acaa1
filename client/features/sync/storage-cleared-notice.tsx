import { Alert, Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { dismissStorageCleared, type StorageCleared } from '../../store/device-marker';
import { useOptionalLocalStore } from '../../store/local-store-context';
import { getMeta } from '../../store/meta';
import { storageClearedTexts as t } from './storage-cleared-texts';

/** Says, until read, that the browser emptied this phone's store and that everything is downloading again. */
export function StorageClearedNotice() {
  const store = useOptionalLocalStore();
  const found = useLiveQuery(
    () => (store ? getMeta<StorageCleared>(store.db, 'storageCleared') : undefined),
    [store],
  );
  if (!store || !found) return null;
  return (
    <Alert.Root status="warning" mb="4" data-testid="storage-cleared" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{t.titulo}</Alert.Title>
        <Alert.Description>
          {t.descarga}
          {found.pending > 0 && ` ${t.pendientes(found.pending)}`}
        </Alert.Description>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          mt="2"
          onClick={() => void dismissStorageCleared(store.db)}
        >
          {t.entendido}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
