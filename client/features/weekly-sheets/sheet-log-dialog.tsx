import { Badge, Button, Dialog, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { SheetLog, SheetLogEntry, SheetStatusResponse } from '../../../shared/sheets/types';
import { useApiData } from '../../session/use-api-data';
import { DialogFrame } from '../../ui/dialog-frame';
import { useOnline } from '../../ui/use-online';

function Entries({
  title,
  entries,
  empty,
  tone,
}: {
  title: string;
  entries: readonly SheetLogEntry[];
  empty: string;
  tone: string;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h3" size="sm" display="flex" gap="2" alignItems="center">
        {title}
        <Badge colorPalette={tone}>{entries.length}</Badge>
      </Heading>
      {entries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {empty}
        </Text>
      ) : (
        <List.Root ps="4" gap="1" fontSize="sm">
          {entries.map((e) => (
            <List.Item key={`${e.loan_id}-${e.message}`}>
              {e.loan_reference && (
                <Text
                  as="span"
                  fontWeight="semibold"
                >{`${e.loan_reference} · ${e.client_nombre ?? ''}: `}</Text>
              )}
              {e.message}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** docs/producto.md §2 'Bitácora de Procesamiento': Errores, Advertencias, and (online) payments that arrived after. */
export function SheetLogDialog({
  sheet,
  onClose,
}: {
  sheet: { id: number; log: SheetLog } | null;
  onClose: () => void;
}) {
  const online = useOnline();
  const status = useApiData<SheetStatusResponse>(sheet && online ? `weekly-sheets/${sheet.id}/status` : null);
  const late = status.data?.data.late_payments ?? [];
  return (
    <DialogFrame open={sheet !== null} onClose={onClose} size="lg" testId="sheet-log-dialog">
      <Dialog.Header pe="14">
        <Dialog.Title>Bitácora de Procesamiento</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Entries title="Errores" entries={sheet?.log.errors ?? []} empty="Sin errores" tone="red" />
          <Entries
            title="Advertencias"
            entries={sheet?.log.warnings ?? []}
            empty="Sin advertencias"
            tone="yellow"
          />
          {late.length > 0 && (
            <Entries title="Pagos recibidos después de procesar" entries={late} empty="" tone="blue" />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button size={{ base: 'lg', md: 'md' }} onClick={onClose}>
          Cerrar
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
