import { Box, Button, Dialog, Stack } from '@chakra-ui/react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { DialogFrame } from '../../ui/dialog-frame';
import { TermPair } from '../../ui/term-pair';
import { SheetStateBadge } from './sheet-state-badge';
import type { DeviceSheet } from './use-device-sheets';

/** SPEC §2 detail modal of a weekly sheet. */
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
            <TermPair label="ID">{sheet.id}</TermPair>
            <TermPair label="Semana">{sheet.week}</TermPair>
            <TermPair label="Municipio">{sheet.municipality_name}</TermPair>
            <TermPair label="Estado">
              <SheetStateBadge sheet={sheet} />
            </TermPair>
            <TermPair label="Fecha de creación">{formatDateTime(sheet.created_at)}</TermPair>
            <TermPair label="Fecha de cobertura">
              {formatDate(sheet.coverage_week)} al {formatDate(sheet.coverage_week_end)}
            </TermPair>
            <TermPair label="Fecha de procesamiento">{formatDateTime(sheet.proccessing_date)}</TermPair>
            <TermPair label="Esperado">{formatMoney(sheet.monto_esperado)}</TermPair>
            <TermPair label="Cobrado">{formatMoney(sheet.monto_cobrado)}</TermPair>
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
