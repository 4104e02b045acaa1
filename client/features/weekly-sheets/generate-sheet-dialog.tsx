import { Button, chakra, Dialog, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { coverageDateIssue } from '../../../shared/date-rules';
import { businessToday } from '../../../shared/dates';
import { mensajes } from '../../../shared/messages';
import { sheetMessages as m } from '../../../shared/sheets/messages';
import { generateSheetSchema } from '../../../shared/sheets/schemas';
import type { CoverageWeekResponse, GenerateSheetResponse } from '../../../shared/sheets/types';
import { ApiError, apiGet, apiPost, isOfflineError } from '../../session/api-client';
import { useLocalStore } from '../../store/local-store-context';
import { DialogFrame } from '../../ui/dialog-frame';
import { FormField } from '../../ui/form-field';
import { toastError, toastSuccess } from '../../ui/toaster';

type Errors = Partial<Record<'municipalityId' | 'coverageWeek', string>>;

/** The form's messages: the shared schema's and the coverage date's rule, the same the server answers (docs/producto.md §5). */
function check(municipalityId: string, coverageWeek: string) {
  const result = v.safeParse(generateSheetSchema, { municipalityId, coverageWeek, paymentId: 1 });
  const dateIssue = result.success ? coverageDateIssue(coverageWeek, businessToday()) : null;
  if (dateIssue) return { ok: false as const, errors: { coverageWeek: dateIssue } satisfies Errors };
  if (result.success) return { ok: true as const, body: { ...result.output, paymentId: 1 } };
  const errors: Errors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof Errors | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  // A missing key gets valibot's default; the form always sends both, so this covers a blank select.
  if (!municipalityId) errors.municipalityId = m.municipioRequerido;
  return { ok: false as const, errors };
}

/** docs/producto.md §2 'Generar Hoja de Cobro Semanal'. It cannot be closed while it submits (DialogFrame busy). */
export function GenerateSheetDialog({
  open,
  initialMunicipalityId,
  municipalities,
  onClose,
}: {
  open: boolean;
  initialMunicipalityId: number | null;
  municipalities: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const { engine } = useLocalStore();
  const [municipalityId, setMunicipalityId] = useState('');
  const [coverageWeek, setCoverageWeek] = useState('');
  const [loadingWeek, setLoadingWeek] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMunicipalityId(initialMunicipalityId ? String(initialMunicipalityId) : '');
    setCoverageWeek('');
    setErrors({});
  }, [open, initialMunicipalityId]);

  // docs/producto.md §7: the coverage date comes from the server; on failure (offline too) it is today.
  useEffect(() => {
    if (!open || !municipalityId) return;
    const controller = new AbortController();
    setLoadingWeek(true);
    apiGet<CoverageWeekResponse>('coverage-week', { municipalityId }, { signal: controller.signal })
      .then((week) => setCoverageWeek(week.coverageWeek))
      .catch(() => {
        if (!controller.signal.aborted) setCoverageWeek(businessToday());
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoadingWeek(false);
      });
    return () => controller.abort();
  }, [open, municipalityId]);

  const submit = async () => {
    const checked = check(municipalityId, coverageWeek);
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      const result = await apiPost<GenerateSheetResponse>('hoja-de-cobro', checked.body);
      toastSuccess(result.message || m.generada);
      engine?.requestSync(0);
      onClose();
    } catch (error) {
      if (isOfflineError(error)) toastError(mensajes.sinConexion);
      else {
        const reason = error instanceof ApiError && error.message ? error.message : m.errorDesconocido;
        if (error instanceof ApiError && error.details) setErrors(error.details as Errors);
        toastError(`${m.errorGenerar}${reason}`);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose} busy={busy} size="lg" testId="generate-sheet-dialog">
      <Dialog.Header pe="14">
        <Dialog.Title>Generar Hoja de Cobro Semanal</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {/* noValidate, as in FormDialog: the browser's own bubble ("Please select an item in the list.", in its
            language) stopped the submit; the shared schema's Spanish messages go under the fields (FormField). */}
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          id="generate-sheet-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField label="Municipio" required error={errors.municipalityId} disabled={busy}>
            <NativeSelect.Root size={{ base: 'lg', md: 'md' }}>
              <NativeSelect.Field
                value={municipalityId}
                onChange={(e) => {
                  setMunicipalityId(e.target.value);
                  setErrors((x) => ({ ...x, municipalityId: undefined }));
                }}
              >
                <option value="">Seleccione un municipio</option>
                {municipalities.map((mu) => (
                  <option key={mu.id} value={mu.id}>
                    {mu.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Fecha de Cobertura" required error={errors.coverageWeek}>
            <Input
              type="date"
              size={{ base: 'lg', md: 'md' }}
              value={coverageWeek}
              disabled={busy || loadingWeek}
              onChange={(e) => {
                setCoverageWeek(e.target.value);
                setErrors((x) => ({ ...x, coverageWeek: undefined }));
              }}
            />
          </FormField>
          {loadingWeek && (
            <Text fontSize="sm" color="fg.muted" role="status">
              Cargando fecha de cobertura...
            </Text>
          )}
          <Stack bg="teal.50" borderRadius="md" p="4" gap="2" fontSize="sm">
            <Text fontWeight="semibold">La hoja de cobro incluye:</Text>
            <List.Root ps="4" gap="1">
              <List.Item>
                Todos los préstamos activos del municipio con abono en la semana, y sus abonos atrasados
              </List.Item>
              <List.Item>
                La fecha de cobertura: el día de cobro de la semana elegida y los 6 días siguientes
              </List.Item>
              <List.Item>El monto total a cobrar</List.Item>
              <List.Item>Un archivo listo para imprimir (horizontal, una página de ancho)</List.Item>
            </List.Root>
          </Stack>
        </chakra.form>
      </Dialog.Body>
      <Dialog.Footer>
        {/* On a phone the two don't fit side by side: 'Generar Hoja de Cobro' was cut to "enerar Hoja de Cob". */}
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end" w="full">
          <Button
            variant="outline"
            size={{ base: 'lg', md: 'md' }}
            flex={{ base: '1', md: 'initial' }}
            onClick={onClose}
            disabled={busy}
          >
            Cancelar
          </Button>
          <Button
            type="submit"
            form="generate-sheet-form"
            size={{ base: 'lg', md: 'md' }}
            flex={{ base: '1', md: 'initial' }}
            disabled={busy || loadingWeek}
            aria-busy={busy}
          >
            {busy ? 'Generando...' : 'Generar Hoja de Cobro'}
          </Button>
        </Stack>
      </Dialog.Footer>
    </DialogFrame>
  );
}
