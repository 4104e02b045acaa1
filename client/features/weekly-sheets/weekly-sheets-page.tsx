import { Button, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../shared/dates';
import { mensajes } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import { sheetMessages as m } from '../../../shared/sheets/messages';
import type { ProcessSheetResponse } from '../../../shared/sheets/types';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { useLocalStore } from '../../store/local-store-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useMunicipalityOptions } from '../loans/use-municipality-options';
import { GenerateSheetDialog } from './generate-sheet-dialog';
import { SheetDetailDialog } from './sheet-detail-dialog';
import { SheetFilterPanel } from './sheet-filter-panel';
import { EMPTY_SHEET_FILTERS, filterSheets, type SheetFilters } from './sheet-filters';
import { SheetLogDialog } from './sheet-log-dialog';
import { SheetStateBadge } from './sheet-state-badge';
import { type DeviceSheet, useDeviceSheets } from './use-device-sheets';
import { useSheetActions } from './use-sheet-actions';

const size = { base: 'lg', md: 'sm' } as const;

/** docs/producto.md §2 /weekly-sheets, from the device store (it opens offline); generating and processing need the server. */
export function WeeklySheetsPage() {
  const { user } = useSession();
  const { engine } = useLocalStore();
  const { sheets, error, loading } = useDeviceSheets();
  const municipalities = useMunicipalityOptions();
  const actions = useSheetActions();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<SheetFilters>(EMPTY_SHEET_FILTERS);
  const [detail, setDetail] = useState<DeviceSheet | null>(null);
  const [toProcess, setToProcess] = useState<DeviceSheet | null>(null);
  const [logOf, setLogOf] = useState<{ id: number; log: DeviceSheet['log'] } | null>(null);
  const canGenerate = userCan(user, 'HOJAS_GENERAR');
  const canProcess = userCan(user, 'HOJAS_PROCESAR');
  const generating = canGenerate && params.get('generar') === '1';
  const preselected = Number(params.get('municipalityId')) || null;

  const shown = useMemo(() => filterSheets(sheets ?? [], filters), [sheets, filters]);
  const closeGenerate = () =>
    setParams(
      (p) => {
        p.delete('generar');
        p.delete('municipalityId');
        return p;
      },
      { replace: true },
    );

  const confirmProcess = async () => {
    if (!toProcess) return;
    const result: ProcessSheetResponse | null = await actions.process(toProcess.id);
    setToProcess(null);
    setDetail(null);
    if (result && (result.errors.length > 0 || result.warnings.length > 0))
      setLogOf({ id: toProcess.id, log: { errors: result.errors, warnings: result.warnings } });
  };

  const columns: DataTableColumn<DeviceSheet>[] = [
    { key: 'id', header: 'ID', render: (s) => s.id },
    {
      key: 'corte',
      header: 'Corte',
      render: (s) => (
        <Stack gap="0">
          <Text>{formatDate(s.coverage_week)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {s.week}
          </Text>
        </Stack>
      ),
    },
    { key: 'municipio', header: 'Municipio', render: (s) => s.municipality_name, cardTitle: true },
    { key: 'estado', header: 'Estado', render: (s) => <SheetStateBadge sheet={s} /> },
    {
      key: 'archivo',
      header: 'Archivo',
      render: (s) => (
        <Button
          variant="ghost"
          colorPalette="teal"
          size={size}
          px="1"
          disabled={!actions.online}
          title={actions.online ? undefined : mensajes.sinConexion}
          aria-label={`Descargar hoja ${s.week} de ${s.municipality_name}`}
          onClick={() => void actions.download(s)}
        >
          Descargar
        </Button>
      ),
    },
    { key: 'esperado', header: 'Esperado', render: (s) => formatMoney(s.monto_esperado), align: 'end' },
    { key: 'cobrado', header: 'Cobrado', render: (s) => formatMoney(s.monto_cobrado), align: 'end' },
  ];

  return (
    <Stack gap="5">
      <PageHeader
        title="Hojas Semanales"
        subtitle="Hojas de cobro por municipio y semana: generar, trabajar en campo y procesar"
        actions={
          <>
            {canGenerate && (
              <Button size={{ base: 'lg', md: 'md' }} onClick={() => setParams({ generar: '1' })}>
                Generar Hoja de Cobro
              </Button>
            )}
            <Button variant="outline" size={{ base: 'lg', md: 'md' }} onClick={() => engine?.requestSync(0)}>
              Actualizar
            </Button>
          </>
        }
      />
      <SheetFilterPanel
        filters={filters}
        municipalities={municipalities}
        onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
        onClear={() => setFilters(EMPTY_SHEET_FILTERS)}
      />
      {error ? (
        <ErrorState title={m.errorCargarHojas} message={error} />
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm" data-testid="sheets-count">
            Mostrando {shown.length} de {sheets?.length ?? 0}
          </Text>
          <DataTable
            columns={columns}
            rows={shown}
            rowKey={(s) => s.id}
            loading={loading}
            emptyText="No hay hojas semanales en este dispositivo"
            label="Hojas semanales"
            testId="sheets-table"
            actions={(s) => (
              <Stack direction="row" gap="2" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }}>
                <Button size={size} variant="outline" onClick={() => setDetail(s)}>
                  Ver
                </Button>
                <Button size={size} variant="outline" asChild>
                  <Link to={`/weekly-sheets/${s.id}/loans`}>Ver Préstamos</Link>
                </Button>
                {canProcess && !s.processed && (
                  <Button size={size} disabled={!actions.online} onClick={() => setToProcess(s)}>
                    Procesar
                  </Button>
                )}
              </Stack>
            )}
          />
        </>
      )}
      <GenerateSheetDialog
        open={generating}
        initialMunicipalityId={preselected}
        municipalities={municipalities}
        onClose={closeGenerate}
      />
      <SheetDetailDialog
        sheet={detail}
        canProcess={canProcess}
        online={actions.online}
        onDownload={(s) => void actions.download(s)}
        onProcess={(s) => setToProcess(s)}
        onShowLog={(s) => setLogOf(s)}
        onClose={() => setDetail(null)}
      />
      <ConfirmDialog
        open={toProcess !== null}
        title="Procesar Hoja"
        message={
          toProcess
            ? `Se cerrará la semana ${toProcess.week} de ${toProcess.municipality_name} con los pagos que tiene el servidor. ¿Continuar?`
            : ''
        }
        confirmLabel="Procesar"
        busyLabel="Procesando..."
        busy={actions.processingId !== null}
        onConfirm={() => void confirmProcess()}
        onClose={() => setToProcess(null)}
      />
      <SheetLogDialog sheet={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
