import { Alert, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '../../../shared/dates';
import type { NewLoanFigures } from '../../../shared/loans/new-loan-figures';
import type { ModalidadPago } from '../../../shared/loans/terms';
import { type Cents, formatCents } from '../../../shared/money';
import { paymentsText, percentText, type RenewalPreview } from './loan-preview';
import { t } from './new-loan-texts';

function Figure({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel color="fg.muted" minW="36">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue
        fontWeight={strong ? 'bold' : 'medium'}
        fontSize={strong ? 'lg' : undefined}
        justifyContent="flex-end"
        textAlign="end"
        data-testid={testId}
      >
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

export interface RenewalFigures {
  preview: RenewalPreview;
  /** What the renewed loan still owes (docs/decisions/005). */
  balance: Cents;
  /** The preview comes from the device store (the server could not be asked). */
  fromDevice: boolean;
}

/**
 * docs/producto.md §2 / §9 computed values, live: interest, number of payments, amount with interest, the periodic
 * payment, the end date and, for a renewal, the old loan, its pending balance and the amount to hand over.
 */
export function FiguresPanel({
  figures,
  modalidad,
  montoCredito,
  renewal,
  checking,
  noOpenLoan,
}: {
  figures: NewLoanFigures | null;
  modalidad: ModalidadPago | null;
  montoCredito: Cents | null;
  renewal: RenewalFigures | null;
  /** Asking the server for the client's open loan. */
  checking: boolean;
  /** A client is chosen and has no open loan: the whole amount is handed over. */
  noOpenLoan: boolean;
}) {
  const dash = t.noDisponible;
  const entregado = figures ? figures.montoEntregado : null;
  return (
    <Stack
      as="section"
      aria-label={t.seccionCalculo}
      gap="4"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
      bg="bg"
      data-testid="figures-panel"
    >
      <Heading as="h2" size="md">
        {t.seccionCalculo}
      </Heading>
      {!figures && (
        <Text fontSize="sm" color="fg.muted">
          {t.faltanDatos}
        </Text>
      )}
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <Figure
          label={t.interes}
          value={figures ? percentText(figures.interes) : dash}
          testId="figure-interes"
        />
        <Figure
          label={t.numeroPagos}
          value={figures ? paymentsText(figures.totalPagos) : dash}
          testId="figure-pagos"
        />
        <Figure
          label={t.montoCredito}
          value={montoCredito === null ? dash : formatCents(montoCredito)}
          testId="figure-monto"
        />
        <Figure
          label={t.montoConInteres}
          value={figures ? formatCents(figures.montoConInteres) : dash}
          testId="figure-monto-con-interes"
        />
        <Figure
          label={t.abono(modalidad)}
          value={figures ? formatCents(figures.abono) : dash}
          testId="figure-abono"
          strong
        />
        <Figure
          label={t.fechaFin}
          value={figures ? formatDate(figures.fechaFin) : dash}
          testId="figure-fecha-fin"
        />
      </DataList.Root>
      {renewal && (
        <Alert.Root status="info" borderRadius="md" data-testid="renewal-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title data-testid="renewal-title">
              {t.seRenovara}{' '}
              <Text as="span" whiteSpace="nowrap">
                {renewal.preview.reference}
              </Text>
            </Alert.Title>
            <Alert.Description>{t.renovacionDetalle(renewal.preview.pendingPayments)}</Alert.Description>
            {renewal.fromDevice && !checking && (
              <Alert.Description fontSize="xs" mt="1">
                {t.datosDelDispositivo}
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {noOpenLoan && !checking && (
        <Text fontSize="sm" color="fg.muted" data-testid="no-renewal">
          {t.sinRenovacion}
        </Text>
      )}
      {checking && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t.consultandoPrestamo}
        </Text>
      )}
      <DataList.Root orientation="horizontal" size="sm" gap="2" borderTopWidth="1px" pt="3">
        {renewal && (
          <Figure
            label={t.saldoPendiente}
            value={
              <Stack gap="0" align="flex-end">
                <span data-testid="figure-saldo-pendiente">{formatCents(renewal.balance)}</span>
                <Text
                  as="span"
                  fontSize="xs"
                  color="fg.muted"
                  fontWeight="normal"
                  data-testid="figure-saldo-pagos"
                >
                  {t.cubrePagos(renewal.preview.pendingPayments)}
                </Text>
              </Stack>
            }
          />
        )}
        <Figure
          label={t.montoEntregar}
          value={entregado === null ? dash : formatCents(entregado)}
          testId="figure-monto-entregado"
          strong
        />
      </DataList.Root>
      {figures && renewal && figures.montoEntregado === 0 && (
        <Text fontSize="sm" color="orange.fg">
          {t.entregaCero}
        </Text>
      )}
    </Stack>
  );
}
