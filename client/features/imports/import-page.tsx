import { Alert, Box, Button, chakra, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { businessToday } from '../../../shared/dates';
import { importMessages as m } from '../../../shared/imports/messages';
import { byPlace, type ImportIssue, type ImportPlan, planImport } from '../../../shared/imports/plan';
import type { ImportLoanRow } from '../../../shared/imports/schemas';
import type { Municipality } from '../../../shared/municipalities/types';
import type { PaymentMethod } from '../../../shared/payment-methods/types';
import { errorMessage, isOfflineError } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { useLocalStore } from '../../store/local-store-context';
import { downloadFile } from '../../ui/download-file';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { ImportIssues, ImportRowsPreview, ImportTotals } from './import-preview';
import { readImportFile } from './read-import-file';
import { type ImportProgress, sendImport, startProgress } from './send-import';

interface Checked {
  fileName: string;
  rows: ImportLoanRow[];
  issues: ImportIssue[];
  plan: ImportPlan;
}

const count = (n: number) => n.toLocaleString('es-MX');

/**
 * 'Importar cartera' (docs/producto.md §2.22): the template, a filled-in file read and checked in the browser with
 * the shared rules, a preview with its totals, then the loans sent in batches. Nothing is sent while the file
 * has a problem; a failed batch keeps the file and goes on from where it stopped.
 */
export function ImportPage() {
  const online = useOnline();
  const { engine } = useLocalStore();
  const towns = useApiData<{ data: Municipality[] }>('municipalities');
  const methods = useApiData<{ data: PaymentMethod[] }>('payment-methods');
  const catalogReady = towns.data !== null && methods.data !== null;
  const [reading, setReading] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file || !towns.data || !methods.data) return;
    setReading(true);
    setProgress(null);
    setFailure(null);
    try {
      const read = await readImportFile(file);
      const plan = planImport(
        read.rows,
        { municipios: towns.data.data, methods: methods.data.data },
        businessToday(),
      );
      setChecked({
        fileName: file.name,
        rows: read.rows,
        issues: [...read.issues, ...plan.issues].sort(byPlace),
        plan,
      });
    } finally {
      setReading(false);
      // The same file chosen again (after fixing it) must fire a change.
      if (input.current) input.current.value = '';
    }
  };

  const send = async () => {
    if (!checked) return;
    setSending(true);
    setFailure(null);
    try {
      const done = await sendImport(
        checked.rows,
        progress ?? startProgress(checked.rows.length),
        setProgress,
      );
      toastSuccess(m.importado(done.creados, done.existentes));
      engine?.requestSync(0);
    } catch (error) {
      const reason = isOfflineError(error) ? m.sinConexion : `${m.errorImportar}${errorMessage(error)}`;
      setFailure(reason);
      toastError(reason);
    } finally {
      setSending(false);
    }
  };

  const template = async () => {
    setTemplateBusy(true);
    try {
      await downloadFile('imports/template', 'plantilla-importacion.xlsx');
    } catch (error) {
      toastError(`Error al descargar la plantilla: ${errorMessage(error)}`);
    } finally {
      setTemplateBusy(false);
    }
  };

  const finished = progress !== null && progress.sent === progress.total;
  const canSend =
    checked !== null && checked.issues.length === 0 && checked.plan.loans.length > 0 && !finished;
  const catalogError = towns.error ?? methods.error;

  return (
    <Stack gap="6">
      <PageHeader
        title="Importar cartera"
        subtitle="Clientes y préstamos en curso desde una hoja de cálculo, con lo que ya han pagado"
        actions={
          <Button
            size={{ base: 'lg', md: 'md' }}
            variant="outline"
            onClick={template}
            loading={templateBusy}
            disabled={!online}
          >
            Descargar plantilla (.xlsx)
          </Button>
        }
      />
      <Stack gap="2" maxW="3xl" color="fg.muted" fontSize="sm">
        <Text>
          1. Descargue la plantilla y llene una fila por préstamo en la hoja «Préstamos» (la hoja
          «Instrucciones» explica cada columna). Lo pagado puede ir como un total o, con sus fechas, en la
          hoja «Pagos».
        </Text>
        <Text>
          2. Elija el archivo (.xlsx o .csv). Se revisa aquí mismo, fila por fila, antes de enviar nada.
        </Text>
        <Text>
          3. Revise los totales e importe. Si importa el mismo archivo otra vez, los préstamos ya importados
          no se repiten.
        </Text>
      </Stack>
      {catalogError && (
        <ErrorState
          title="Error al cargar los municipios y las modalidades"
          message={catalogError}
          onRetry={() => {
            towns.reload();
            methods.reload();
          }}
        />
      )}
      <HStack gap="3" wrap="wrap">
        <chakra.input
          ref={input}
          id="import-file"
          type="file"
          accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          srOnly
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        <Button
          size={{ base: 'lg', md: 'md' }}
          onClick={() => input.current?.click()}
          loading={reading || !catalogReady}
          loadingText={reading ? 'Revisando el archivo…' : 'Cargando…'}
          disabled={sending || !catalogReady}
        >
          {checked ? 'Elegir otro archivo' : 'Elegir archivo'}
        </Button>
        <chakra.label htmlFor="import-file" srOnly>
          Archivo a importar
        </chakra.label>
        {checked && (
          <Text color="fg.muted" data-testid="import-file-name">
            {checked.fileName}
          </Text>
        )}
      </HStack>

      {checked && checked.issues.length > 0 && <ImportIssues issues={checked.issues} />}
      {checked && checked.issues.length === 0 && (
        <Stack gap="5">
          <ImportTotals plan={checked.plan} />
          <ImportRowsPreview plan={checked.plan} />
          {progress && (
            <Box>
              <Progress.Root value={progress.sent} max={progress.total} colorPalette="teal" size="sm">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text mt="1" fontSize="sm" color="fg.muted" data-testid="import-progress" aria-live="polite">
                {finished
                  ? `Listo: ${count(progress.creados)} préstamos creados, ${count(progress.clientesNuevos)} clientes nuevos, ${count(progress.pagos)} pagos` +
                    (progress.existentes > 0 ? `; ${count(progress.existentes)} ya estaban importados` : '')
                  : `Importando… ${count(progress.sent)} de ${count(progress.total)} préstamos`}
              </Text>
            </Box>
          )}
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>La importación se detuvo</Alert.Title>
                <Alert.Description>
                  {failure} Lo ya importado se conserva; «Continuar» sigue desde donde se detuvo.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <HStack gap="3" wrap="wrap">
            {!finished && (
              <Button
                size={{ base: 'lg', md: 'md' }}
                colorPalette="teal"
                onClick={send}
                loading={sending}
                loadingText="Importando…"
                disabled={!canSend || !online}
                title={online ? undefined : m.sinConexion}
              >
                {failure ? 'Continuar' : `Importar ${count(checked.plan.loans.length)} préstamos`}
              </Button>
            )}
            {finished && (
              <>
                <Button asChild size={{ base: 'lg', md: 'md' }}>
                  <Link to="/loans">Ver préstamos</Link>
                </Button>
                <Button asChild size={{ base: 'lg', md: 'md' }} variant="outline">
                  <Link to="/clients">Ver clientes</Link>
                </Button>
              </>
            )}
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
