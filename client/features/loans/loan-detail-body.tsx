import { Alert, Skeleton, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { businessToday } from '../../../shared/dates';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { ErrorState } from '../../ui/error-state';
import { loanFigures, paymentSummary } from './loan-figures';
import { LoanInfoSections, LoanStateSection } from './loan-info-sections';
import { PaymentHistory } from './payment-history';
import { PaymentSummaryCards } from './payment-summary-cards';
import { type LoanDetail, useLoanDetail } from './use-loan-detail';
import { usePaymentRowEdit } from './use-payment-row-edit';

/** The modal's content for one loan: loading, not reachable, or the loan. */
export function LoanDetailBody({ loanId }: { loanId: number }) {
  const { detail, loading, error, offlineMissing, reload } = useLoanDetail(loanId);
  if (detail) return <LoanDetailContent detail={detail} />;
  if (offlineMissing)
    return (
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Title>Sin conexión: este préstamo no está guardado en este dispositivo</Alert.Title>
      </Alert.Root>
    );
  if (error) return <ErrorState title="Error al cargar el préstamo" message={error} onRetry={reload} />;
  if (loading)
    return (
      <Stack gap="3" aria-label="Cargando">
        <Skeleton h="24" />
        <Skeleton h="24" />
        <Skeleton h="40" />
      </Stack>
    );
  return null;
}

function LoanDetailContent({ detail }: { detail: LoanDetail }) {
  const { user } = useSession();
  const editor = usePaymentRowEdit(detail);
  const { rows, sync } = editor.shown;
  const today = businessToday();
  const figures = useMemo(() => loanFigures(detail.loan, rows, today), [detail.loan, rows, today]);
  const summary = useMemo(() => paymentSummary(rows), [rows]);
  const canEdit = detail.source === 'device' && userCan(user, 'PAGOS_REGISTRAR');
  return (
    <Stack gap="5">
      {detail.source === 'server' && (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title>Préstamo consultado en el servidor: este dispositivo no lo guarda.</Alert.Title>
        </Alert.Root>
      )}
      <LoanInfoSections detail={detail} />
      <PaymentSummaryCards summary={summary} />
      <LoanStateSection detail={detail} figures={figures} />
      <PaymentHistory rows={rows} abono={detail.loan.abono} sync={sync} editor={editor} canEdit={canEdit} />
    </Stack>
  );
}
