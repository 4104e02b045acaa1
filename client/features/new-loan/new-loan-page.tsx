import { Button, chakra, Grid, Stack } from '@chakra-ui/react';
import { type FormEvent, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { businessToday } from '../../../shared/dates';
import { useSession } from '../../session/use-session';
import { useSnapshotComplete } from '../../store/use-snapshot-complete';
import { PageHeader } from '../../ui/page-header';
import { useOnline } from '../../ui/use-online';
import { AvalFields } from './aval-fields';
import { ClientSection } from './client-section';
import { namesakes, suggestClients } from './client-suggestions';
import { FiguresPanel } from './figures-panel';
import { FormStatus } from './form-status';
import { GuaranteeFields } from './guarantee-fields';
import { LoanFields } from './loan-fields';
import { previewFigures, renewalBalanceOf, renewalPreview, termsText, typedAmount } from './loan-preview';
import { t } from './new-loan-texts';
import { municipalityIdOf, resolveForm } from './resolve-form';
import { formInput } from './save-loan-body';
import { useLastGroup } from './use-last-group';
import { useLoanCatalog } from './use-loan-catalog';
import { useNewLoanDraft } from './use-new-loan-draft';
import { useOpenLoan } from './use-open-loan';
import { useSaveLoan } from './use-save-loan';

const byName = new Intl.Collator('es-MX', { sensitivity: 'base' });

/**
 * docs/producto.md §2 /loans/new: the client (search or inline new client), payment mode, amount, date, group, aval and
 * guarantees, beside the live computed values (a sticky panel on wide screens, below the form on phones).
 * Everything the form needs comes from the device store; only the save needs the server (docs/arquitectura.md).
 */
export function NewLoanPage() {
  const { user } = useSession();
  const form = useNewLoanDraft(user?.id ?? 0);
  const { draft, errors } = form;
  const { catalog, loading } = useLoanCatalog();
  const snapshotComplete = useSnapshotComplete();
  const online = useOnline();
  const today = businessToday();

  const lastGroup = useLastGroup(municipalityIdOf(draft, catalog));
  const resolved = resolveForm(draft, catalog, { today, lastGroup: lastGroup.value });
  const names = useMemo(
    () => new Map(catalog.municipalities.map((m) => [m.id, m.name])),
    [catalog.municipalities],
  );
  const activeMunicipalities = useMemo(
    () => catalog.municipalities.filter((m) => !m.delete).sort((a, b) => byName.compare(a.name, b.name)),
    [catalog.municipalities],
  );
  const suggestions = useMemo(
    () => suggestClients(catalog.clients, names, draft.clientQuery),
    [catalog.clients, names, draft.clientQuery],
  );
  const sameName = useMemo(
    () => (draft.clientMode === 'new' ? namesakes(catalog.clients, names, draft.newClient.nombre) : []),
    [catalog.clients, names, draft.clientMode, draft.newClient.nombre],
  );
  const selected = resolved.client
    ? { ...resolved.client, municipalityName: names.get(resolved.client.municipality_id) ?? 'N/A' }
    : null;

  const openLoan = useOpenLoan(draft.clientMode === 'existing' ? (resolved.client?.id ?? null) : null);
  const renewal = openLoan.loan;
  const figures = previewFigures({
    montoCredito: draft.montoCredito,
    method: resolved.method,
    clientFlags: resolved.clientFlags,
    fechaInicio: resolved.fechaInicio,
    renewal,
  });
  const clientKnown = draft.clientMode === 'new' || selected !== null;
  const terms = clientKnown && resolved.clientFlags ? termsText(resolved.clientFlags, resolved.method) : null;

  const statusRef = useRef<HTMLDivElement>(null);
  const saver = useSaveLoan({
    setErrors: form.setErrors,
    onSaved: form.discard,
    onConflict: openLoan.refresh,
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await saver.save(formInput(draft, resolved, renewal?.loanId ?? null), resolved.method);
    if (outcome === 'invalid' || outcome === 'offline' || outcome === 'failed')
      statusRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Stack gap="5">
      <PageHeader
        title={t.titulo}
        subtitle={t.subtitulo}
        actions={
          <Button asChild variant="outline" size={{ base: 'lg', md: 'md' }}>
            <Link to="/loans">{t.volver}</Link>
          </Button>
        }
      />
      <FormStatus
        ref={statusRef}
        invalid={Object.keys(errors).length > 0}
        formError={errors._}
        offline={!online || saver.offline}
        failure={saver.failure}
        loading={loading || (!snapshotComplete && catalog.clients.length === 0)}
      />
      <chakra.form noValidate onSubmit={submit} aria-label={t.titulo}>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 340px' }}
          gap="5"
          alignItems="start"
        >
          <Stack gap="5" minW="0">
            <ClientSection
              draft={draft}
              errors={errors}
              selected={selected}
              suggestions={suggestions}
              namesakes={sameName}
              municipalities={activeMunicipalities}
              terms={terms}
              onUpdate={form.update}
            />
            <LoanFields
              draft={draft}
              resolved={resolved}
              methods={catalog.methods}
              lastGroup={lastGroup}
              errors={errors}
              onUpdate={form.update}
            />
            {resolved.method?.requiere_aval && (
              <AvalFields draft={draft} errors={errors} onUpdate={form.update} />
            )}
            <GuaranteeFields
              garantias={draft.garantias}
              errors={errors}
              onChange={form.setGuarantee}
              onAdd={form.addGuaranteeRow}
              onRemove={form.removeGuaranteeRow}
            />
          </Stack>
          <Stack gap="4" position={{ xl: 'sticky' }} top={{ xl: '20' }} minW="0">
            <FiguresPanel
              figures={figures}
              modalidad={resolved.method?.modalidad_pago ?? null}
              montoCredito={typedAmount(draft.montoCredito)}
              renewal={
                renewal
                  ? {
                      preview: renewalPreview(renewal),
                      balance: renewalBalanceOf(renewal),
                      fromDevice: openLoan.source === 'device',
                    }
                  : null
              }
              checking={openLoan.checking}
              noOpenLoan={selected !== null && renewal === null}
            />
            <Button type="submit" size="lg" w="full" disabled={saver.busy} aria-busy={saver.busy}>
              {saver.busy ? t.guardando : t.guardar}
            </Button>
          </Stack>
        </Grid>
      </chakra.form>
    </Stack>
  );
}
