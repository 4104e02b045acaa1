import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { businessToday } from '../../../shared/dates';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import { ErrorState } from '../../ui/error-state';
import { StatementLink } from '../estado-de-cuenta/statement-link';
import { LoanVisits } from '../visits/loan-visits';
import { loanFigures, paymentSummary } from './loan-figures';
import { LoanInfoSections, LoanStateSection } from './loan-info-sections';
import { PaymentHistory } from './payment-history';
import { PaymentSummaryCards } from './payment-summary-cards';
import { PaymentsReceived } from './payments-received';
import { type LoanDetail, useLoanDetail } from './use-loan-detail';
import { usePaymentRowEdit } from './use-payment-row-edit';

/** The modal's content for one loan: loading, not reachable, or the loan. */
export function LoanDetailBody({ loanId, startPayment = false }: { loanId: number; startPayment?: boolean }) {
  const { detail, loading, error, offlineMissing, reload } = useLoanDetail(loanId);
  if (detail) return <LoanDetailContent detail={detail} startPayment={startPayment} />;
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

function LoanDetailContent({ detail, startPayment }: { detail: LoanDetail; startPayment: boolean }) {
  const { user } = useSession();
  const editor = usePaymentRowEdit(detail);
  const { rows, sync } = editor.shown;
  const today = businessToday();
  const figures = useMemo(
    () => loanFigures(detail.loan, rows, today, detail.collectionDay ?? null),
    [detail.loan, rows, today, detail.collectionDay],
  );
  const summary = useMemo(() => paymentSummary(rows), [rows]);
  const canEdit = detail.source === 'device' && userCan(user, 'PAGOS_REGISTRAR');
  // The row a payment goes to: the oldest one still owed (the sheet's and Cobranza's rule).
  const next = useMemo(
    () => rows.filter((r) => !r.pagada && !r.renovo).sort((a, b) => a.numero_pago - b.numero_pago)[0],
    [rows],
  );
  const registerNext = (row: NonNullable<typeof next>) => {
    editor.start(row);
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-testid="payment-row"][data-numero="${row.numero_pago}"]`)
        ?.scrollIntoView({ block: 'center' }),
    );
  };
  // Once per opening: a list card's 'Registrar abono' lands here with the next row's edit already open.
  const started = useRef(false);
  useEffect(() => {
    if (!startPayment || started.current || !canEdit || !next) return;
    started.current = true;
    registerNext(next);
  });
  return (
    <Stack gap="5">
      {detail.source === 'server' && (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title>Préstamo consultado en el servidor: este dispositivo no lo guarda.</Alert.Title>
        </Alert.Root>
      )}
      {canEdit && next && (
        <Button
          colorPalette="teal"
          size={{ base: 'lg', md: 'md' }}
          alignSelf={{ md: 'flex-start' }}
          onClick={() => registerNext(next)}
          data-testid="registrar-abono"
        >
          Registrar abono (pago {next.numero_pago})
        </Button>
      )}
      <StatementLink loanId={detail.loan.id} clientName={detail.client?.nombre ?? ''} variant="button" />
      <LoanInfoSections detail={detail} />
      <PaymentSummaryCards summary={summary} />
      <LoanStateSection detail={detail} figures={figures} />
      <PaymentHistory rows={rows} abono={detail.loan.abono} sync={sync} editor={editor} canEdit={canEdit} />
      <PaymentsReceived
        loanId={detail.loan.id}
        loanReference={detail.loan.loan_reference}
        loanStart={detail.loan.fecha_inicio}
        clientName={detail.client?.nombre ?? ''}
        renewed={rows.some((r) => r.renovo)}
      />
      <LoanVisits loanId={detail.loan.id} source={detail.source} />
    </Stack>
  );
}
