import { Box, Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { DialogFrame } from '../../ui/dialog-frame';
import { SheetStateBadge } from './sheet-state-badge';
import type { DeviceSheet } from './use-device-sheets';

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="contents">
      <Box as="dt" color="fg.muted">
        {label}
      </Box>
      <Box as="dd">{children}</Box>
    </Box>
  );
}

/** docs/producto.md §2 detail modal of a weekly sheet. */
export function SheetDetailDialog({
  sheet,
  canProcess,
  online,
  onDownload,
  onProcess,
  onShowLog,
  onClose,
}: {
  sheet: DeviceSheet | null;
  canProcess: boolean;
  online: boolean;
  onDownload: (sheet: DeviceSheet) => void;
  onProcess: (sheet: DeviceSheet) => void;
  onShowLog: (sheet: DeviceSheet) => void;
  onClose: () => void;
}) {
  return (
    <DialogFrame open={sheet !== null} onClose={onClose} size="md" testId="sheet-detail-dialog">
      <Dialog.Header pe="14">
        <Dialog.Title>Hoja de Cobro #{sheet?.id}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {sheet && (
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2">
            <Pair label="ID">{sheet.id}</Pair>
            <Pair label="Semana">{sheet.week}</Pair>
            <Pair label="Municipio">{sheet.municipality_name}</Pair>
            <Pair label="Estado">
              <SheetStateBadge sheet={sheet} />
            </Pair>
            <Pair label="Fecha de creación">{formatDateTime(sheet.created_at)}</Pair>
            <Pair label="Fecha de cobertura">
              {formatDate(sheet.coverage_week)} al {formatDate(sheet.coverage_week_end)}
            </Pair>
            <Pair label="Fecha de procesamiento">{formatDateTime(sheet.proccessing_date)}</Pair>
            <Pair label="Esperado">{formatMoney(sheet.monto_esperado)}</Pair>
            <Pair label="Cobrado">{formatMoney(sheet.monto_cobrado)}</Pair>
          </Box>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {sheet && (
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" w="full" justify="flex-end">
            <Button
              variant="outline"
              size={{ base: 'lg', md: 'md' }}
              disabled={!online}
              onClick={() => onDownload(sheet)}
            >
              {online ? 'Abrir hoja de cálculo' : 'Sin conexión: el archivo requiere internet'}
            </Button>
            {sheet.processed ? (
              <Button variant="outline" size={{ base: 'lg', md: 'md' }} onClick={() => onShowLog(sheet)}>
                Ver Bitácora
              </Button>
            ) : (
              canProcess && (
                <Button size={{ base: 'lg', md: 'md' }} onClick={() => onProcess(sheet)}>
                  Procesar Hoja
                </Button>
              )
            )}
          </Stack>
        )}
      </Dialog.Footer>
    </DialogFrame>
  );
}
