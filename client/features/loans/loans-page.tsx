import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { businessToday } from '../../../shared/dates';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { useSnapshotComplete } from '../../store/use-snapshot-complete';
import { PageHeader } from '../../ui/page-header';
import { useOnline } from '../../ui/use-online';
import { DeviceLoanList } from './device-loan-list';
import { LoanDetailDialog } from './loan-detail-dialog';
import { LoanFilterPanel } from './loan-filter-panel';
import { hasActiveFilters } from './loan-filters';
import { LoanListActions, SHEET_PATH, useCanOpen } from './loan-list-actions';
import { LoanSourceNote } from './loan-source-note';
import { ServerLoanList } from './server-loan-list';
import { type SheetNotice, SheetNoticeAlert } from './sheet-notice';
import { useDeviceLoans, useDeviceLoansPage } from './use-device-loans';
import { useLoanListParams } from './use-loan-list-params';
import { useMunicipalityOptions } from './use-municipality-options';
import { useServerLoans } from './use-server-loans';

/**
 * docs/producto.md §2 loans list, from the device (docs/arquitectura.md: at once, offline too), with an online search of the server
 * for the older loans the device does not keep. `?loan=<id>` opens the loan's detail.
 */
export function LoansPage() {
  const list = useLoanListParams();
  const { filters, page } = list;
  const online = useOnline();
  const snapshotComplete = useSnapshotComplete();
  const municipalities = useMunicipalityOptions();
  const source = online ? list.source : 'device';
  // First visit: one page through an index, then every loan (filters need them all).
  const [pageShown, setPageShown] = useState(false);
  const filtered = hasActiveFilters(filters);
  const device = useDeviceLoans(businessToday(), pageShown || filtered || source === 'server');
  const firstPage = useDeviceLoansPage(
    businessToday(),
    page,
    source === 'device' && device.data === null && !filtered,
  );
  useEffect(() => {
    if (firstPage) setPageShown(true);
  }, [firstPage]);
  const server = useServerLoans(source === 'server', filters, page);
  const [notice, setNotice] = useState<SheetNotice | null>(null);
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const { user } = useSession();
  const canRecord = userCan(user, 'PAGOS_REGISTRAR');

  const generateSheet = () => {
    if (filters.municipalityId === null) setNotice('needs-municipality');
    else if (canOpen(SHEET_PATH, 'HOJAS_GENERAR'))
      navigate(`${SHEET_PATH}?generar=1&municipalityId=${filters.municipalityId}`);
    else setNotice('from-sheets');
  };

  return (
    <Stack gap="5">
      <PageHeader
        title="Préstamos"
        subtitle="Préstamos, su calendario de pagos y el registro de abonos"
        actions={<LoanListActions onGenerateSheet={generateSheet} />}
      />
      {notice && <SheetNoticeAlert notice={notice} onClose={() => setNotice(null)} />}
      <LoanFilterPanel
        filters={filters}
        municipalities={municipalities}
        onChange={(patch) => {
          setNotice(null);
          list.setFilters(patch);
        }}
        onClear={() => {
          setNotice(null);
          list.clearFilters();
        }}
      />
      {source === 'server' ? (
        <ServerLoanList server={server} filters={filters} onPage={list.setPage} onDetails={list.openLoan} />
      ) : (
        <DeviceLoanList
          loans={device.data}
          firstPage={firstPage}
          error={device.error}
          syncing={!snapshotComplete}
          filters={filters}
          page={page}
          onPage={list.setPage}
          onDetails={list.openLoan}
          onRegister={canRecord ? (id) => list.openLoan(id, { startPayment: true }) : undefined}
        />
      )}
      <LoanSourceNote source={source} online={online} onSource={list.setSource} />
      <LoanDetailDialog loanId={list.loanId} onClose={list.closeLoan} startPayment={list.startPayment} />
    </Stack>
  );
}
