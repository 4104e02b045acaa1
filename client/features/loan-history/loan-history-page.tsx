import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshotComplete } from '../../store/use-snapshot-complete';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useOnline } from '../../ui/use-online';
import { HistoryFilters } from './history-filters';
import { HistoryGrid } from './history-grid';
import { HistoryLegend } from './history-legend';
import { HistoryPagination } from './history-pagination';
import { historyTexts as t } from './history-texts';
import { useLoanHistory } from './use-loan-history';
import { useMunicipalityOptions } from './use-municipality-options';

const PARAM = 'municipio';

/**
 * docs/producto.md §2 loan history (/loans/history), read from the device store so it works offline; online, the
 * server's older loans can be added. The applied municipality lives in the address (?municipio=3).
 */
export function LoanHistoryPage() {
  const [params, setParams] = useSearchParams();
  const applied = params.get(PARAM) ?? '';
  const municipalityId = /^\d+$/.test(applied) ? Number(applied) : null;
  const [draft, setDraft] = useState(municipalityId === null ? '' : applied);
  const [includeServer, setIncludeServer] = useState(false);
  const [page, setPage] = useState(1);
  const online = useOnline();
  const snapshotComplete = useSnapshotComplete();
  const municipalities = useMunicipalityOptions();
  const history = useLoanHistory({ municipalityId, includeServer, online, page });

  const apply = () => {
    setPage(1);
    setParams(
      (current) => {
        if (draft) current.set(PARAM, draft);
        else current.delete(PARAM);
        return current;
      },
      { replace: true },
    );
  };
  const { server } = history;
  const busy = history.loading || history.cellsPending || server.loading;

  return (
    <Stack gap="5" minW="0">
      <PageHeader title={t.titulo} subtitle={t.subtitulo} />
      <HistoryFilters
        municipalities={municipalities.latest ?? []}
        draft={draft}
        onDraftChange={setDraft}
        onApply={apply}
        includeServer={includeServer}
        onIncludeServerChange={(value) => {
          setIncludeServer(value);
          setPage(1);
        }}
        online={online}
      />
      <HistoryLegend />
      {!snapshotComplete && (
        <Text fontSize="sm" color="fg.muted" data-testid="history-partial">
          {t.sinSnapshot}
        </Text>
      )}
      {busy && (
        <Text color="fg.muted" role="status" data-testid="history-loading">
          {t.cargando}
        </Text>
      )}
      {history.error && <ErrorState title={t.errorDispositivo} message={history.error} />}
      {server.error && <ErrorState title={t.errorServidor} message={server.error} onRetry={server.reload} />}
      {!history.loading && !history.error && history.rows.length === 0 && !server.loading && (
        <Text
          color="fg.muted"
          textAlign="center"
          py="10"
          bg="bg"
          borderWidth="1px"
          borderRadius="lg"
          data-testid="history-empty"
        >
          {t.vacio}
        </Text>
      )}
      {history.rows.length > 0 && (
        <Stack gap="3" minW="0">
          <HistoryGrid rows={history.rows} busy={busy} />
          <HistoryPagination pagination={history.pagination} onPage={setPage} />
        </Stack>
      )}
    </Stack>
  );
}
