import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Skeleton,
  Stack,
  Table,
  Text,
  type TextProps,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Fragment, type ReactNode, useState } from 'react';
import { businessToday, formatDate, formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { LedgerEntry } from '../../../shared/payments/types';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';
import type { PaymentCorrectEntry } from '../../store/local-types';
import { ErrorState } from '../../ui/error-state';
import { locationTexts as lt } from '../location/location-texts';
import { ClientPlaceLine, PlaceText } from '../location/place-text';
import { PaymentCorrectDialog } from './payment-correct-dialog';
import { HEADERS, ORIGEN_TEXTO, paymentsReceivedTexts as t } from './payments-received-texts';
import { canCorrect, type ReceivedPayment } from './received-payments';
import { usePaymentsReceived } from './use-payments-received';

export interface PaymentsReceivedProps {
  loanId: number;
  loanReference: string;
  /** The loan's date: no payment of it is dated before (shared/date-rules.ts). */
  loanStart: string;
  clientName: string;
  /** A renewed loan's payments can no longer be corrected (the server refuses). */
  renewed: boolean;
}

/**
 * The loan's payment events as the server recorded them (docs/reglas-del-negocio.md): who collected each, from where, when on the
 * phone and when it arrived, what it stands at after its corrections, and which rows its money reached. Online
 * only: the device keeps the rows, not this history. A table from md up, one card per payment on phones.
 */
export function PaymentsReceived(props: PaymentsReceivedProps) {
  const { user } = useSession();
  if (!userCan(user, 'PRESTAMOS_VER')) return null;
  return <PaymentsReceivedSection {...props} />;
}

function PaymentsReceivedSection({
  loanId,
  loanReference,
  loanStart,
  clientName,
  renewed,
}: PaymentsReceivedProps) {
  const { user } = useSession();
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  const { online, payments, lugarCliente, loading, error, reload } = usePaymentsReceived(loanId);
  // Present only for readers of locations (the server leaves it out for the others, decision 029).
  const located = lugarCliente !== undefined;
  const [target, setTarget] = useState<ReceivedPayment | null>(null);
  const today = businessToday();
  const who = {
    userId: user?.id ?? 0,
    correctsAll: userCan(user, 'HOJAS_PROCESAR'),
    registers: userCan(user, 'PAGOS_REGISTRAR'),
  };
  const onCorrect = (p: ReceivedPayment) =>
    canCorrect(p, who, today, renewed) ? () => setTarget(p) : undefined;

  let body: ReactNode;
  if (!online)
    body = (
      <Alert.Root status="info" borderRadius="lg" data-testid="payments-received-offline">
        <Alert.Indicator />
        <Alert.Title>{t.sinConexion}</Alert.Title>
      </Alert.Root>
    );
  else if (error && !payments) body = <ErrorState title={t.errorCarga} message={error} onRetry={reload} />;
  else if (!payments || (loading && payments.length === 0))
    body = (
      <Stack gap="2" aria-label={t.cargando}>
        <Skeleton h="10" />
        <Skeleton h="10" />
      </Stack>
    );
  else if (payments.length === 0) body = <Text color="fg.muted">{t.sinPagos}</Text>;
  else if (isDesktop) body = <ReceivedTable payments={payments} onCorrect={onCorrect} />;
  else body = <ReceivedCards payments={payments} onCorrect={onCorrect} />;

  return (
    <Stack as="section" gap="3" aria-labelledby="pagos-recibidos" data-testid="payments-received">
      <Heading as="h3" size="md" id="pagos-recibidos">
        {t.titulo}
      </Heading>
      {located && online && <ClientPlaceLine place={lugarCliente ?? null} />}
      {body}
      {target && (
        <PaymentCorrectDialog
          key={target.payment.receipt_id}
          target={target}
          loanId={loanId}
          loanReference={loanReference}
          loanStart={loanStart}
          clientName={clientName}
          onClose={() => setTarget(null)}
        />
      )}
    </Stack>
  );
}

interface ListProps {
  payments: readonly ReceivedPayment[];
  /** The payment's 'Corregir', or undefined when this user may not correct it. */
  onCorrect: (p: ReceivedPayment) => (() => void) | undefined;
}

/** Where a payment was tapped, for readers of locations (decision 029); null: the account did not ask. */
const placed = (e: LedgerEntry) => e.ubicacion !== undefined && e.ubicacion !== null;
const placeOf = (e: LedgerEntry) => <PlaceText place={e.ubicacion} what={`el pago ${e.receipt_number}`} />;

const filas = (e: LedgerEntry) => e.filas.map((f) => f.numero_pago).join(', ') || '—';
const userName = (e: LedgerEntry) => e.user?.name ?? t.sinUsuario;
const phoneTime = (e: LedgerEntry) => (e.client_time ? formatDateTime(e.client_time) : t.sinHora);

/** What it brings now; when corrected, what it was ('antes', struck through), and 'Anulado' at 0. */
function Amount({ p }: { p: ReceivedPayment }) {
  const changed = p.vigente !== p.payment.amount;
  return (
    <Stack gap="0.5" align="flex-start">
      <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="received-amount">
        {formatMoney(p.vigente)}
      </Text>
      {changed && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {t.antes} <s>{formatMoney(p.payment.amount)}</s>
        </Text>
      )}
      {p.vigente === 0 && (
        <Badge colorPalette="red" variant="subtle">
          {t.anulado}
        </Badge>
      )}
    </Stack>
  );
}

function Fecha({ p }: { p: ReceivedPayment }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Text whiteSpace="nowrap">{formatDate(p.fecha)}</Text>
      {p.fecha !== p.payment.fecha && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {t.antes} <s>{formatDate(p.payment.fecha)}</s>
        </Text>
      )}
    </Stack>
  );
}

function Times({ e }: { e: LedgerEntry }) {
  return (
    <Stack gap="0" fontSize="sm" whiteSpace="nowrap">
      <Text>
        {t.registrado}: {phoneTime(e)}
      </Text>
      <Text color="fg.muted">
        {t.llego}: {formatDateTime(e.server_time)}
      </Text>
    </Stack>
  );
}

/** A figure that must not break across lines (a receipt number breaks at its hyphens). */
const Nowrap = (props: TextProps) => <Text as="span" whiteSpace="nowrap" {...props} />;

/** A correction the server recorded: what it set, who, from where, when, and why. */
function CorrectionLine({ c }: { c: LedgerEntry }) {
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="payment-correction">
      <Text>
        <Text as="span" fontWeight="semibold">
          {t.correccion}:
        </Text>{' '}
        <Nowrap>{formatMoney(c.amount)}</Nowrap>
        {c.amount === 0 ? ` (${t.anulado.toLowerCase()})` : ''} · <Nowrap>{formatDate(c.fecha)}</Nowrap>
      </Text>
      <Text color="fg.muted">
        {t.por} {userName(c)} · {ORIGEN_TEXTO[c.origen]} ·{' '}
        <Nowrap fontFamily="mono">{c.receipt_number}</Nowrap>
      </Text>
      <Text overflowWrap="anywhere">
        <Text as="span" color="fg.muted">
          {t.motivo}:
        </Text>{' '}
        {c.reason}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        <Nowrap>
          {t.registrado}: {phoneTime(c)}
        </Nowrap>{' '}
        ·{' '}
        <Nowrap>
          {t.llego}: {formatDateTime(c.server_time)}
        </Nowrap>
      </Text>
    </Stack>
  );
}

/** This device's correction the server has not answered yet, or refused (with its reason). */
function QueuedLine({ q }: { q: PaymentCorrectEntry }) {
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="queued-correction" data-status={q.status}>
      <Flex gap="2" align="center" wrap="wrap">
        <Text as="span" fontWeight="semibold">
          {t.correccion}:
        </Text>
        <Text as="span">
          {formatMoney(q.args.amount)}
          {q.args.amount === 0 ? ` (${t.anulado.toLowerCase()})` : ''}
          {q.args.fecha ? ` · ${formatDate(q.args.fecha)}` : ''}
        </Text>
        {q.status === 'pending' ? (
          <Badge colorPalette="yellow" variant="subtle">
            {t.porSincronizar}
          </Badge>
        ) : (
          <Badge colorPalette="red" variant="subtle">
            {t.rechazada}
          </Badge>
        )}
      </Flex>
      <Text overflowWrap="anywhere">
        <Text as="span" color="fg.muted">
          {t.motivo}:
        </Text>{' '}
        {q.args.reason}
      </Text>
      {q.status === 'rejected' && q.reason && (
        <Text color="fg.error" overflowWrap="anywhere">
          {q.reason}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        {t.registrado}: {formatDateTime(q.clientTime)}
      </Text>
    </Stack>
  );
}

const hasCorrections = (p: ReceivedPayment) => p.corrections.length + p.queued.length > 0;

function Corrections({ p }: { p: ReceivedPayment }) {
  return (
    <Stack gap="2" borderStartWidth="3px" borderColor="border.emphasized" ps="3">
      {p.corrections.map((c) => (
        <CorrectionLine key={c.id} c={c} />
      ))}
      {p.queued.map((q) => (
        <QueuedLine key={q.id} q={q} />
      ))}
    </Stack>
  );
}

function CorrectButton({ p, onClick, full }: { p: ReceivedPayment; onClick: () => void; full?: boolean }) {
  return (
    <Button
      size={{ base: 'md', md: 'xs' }}
      minH={{ base: '11', md: 'auto' }}
      w={full ? 'full' : 'auto'}
      variant="outline"
      aria-label={t.corregirPago(p.payment.receipt_number)}
      onClick={onClick}
      data-testid="correct-payment"
    >
      {t.corregir}
    </Button>
  );
}

function ReceivedTable({ payments, onCorrect }: ListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" aria-label={t.titulo}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {HEADERS.map((h) => (
              <Table.ColumnHeader key={h} whiteSpace="nowrap">
                {h}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payments.map((p) => {
            const correct = onCorrect(p);
            const e = p.payment;
            return (
              <Fragment key={e.id}>
                <Table.Row
                  verticalAlign="top"
                  data-testid="received-payment"
                  data-receipt={e.receipt_number}
                  // The correction lines below belong to this payment: no rule between them.
                  css={hasCorrections(p) || placed(e) ? { '& > td': { borderBottomWidth: '0' } } : undefined}
                >
                  <Table.Cell>
                    <Fecha p={p} />
                  </Table.Cell>
                  <Table.Cell>
                    <Amount p={p} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" fontFamily="mono" fontSize="xs">
                    {e.receipt_number}
                  </Table.Cell>
                  <Table.Cell>{userName(e)}</Table.Cell>
                  <Table.Cell>{ORIGEN_TEXTO[e.origen]}</Table.Cell>
                  <Table.Cell>{filas(e)}</Table.Cell>
                  <Table.Cell>
                    <Times e={e} />
                  </Table.Cell>
                  <Table.Cell>{correct && <CorrectButton p={p} onClick={correct} />}</Table.Cell>
                </Table.Row>
                {/* A line under the payment, not a column: eight columns already fill the dialog at 1280 px. */}
                {placed(e) && (
                  <Table.Row
                    data-testid="received-payment-place"
                    css={hasCorrections(p) ? { '& > td': { borderBottomWidth: '0' } } : undefined}
                  >
                    <Table.Cell colSpan={HEADERS.length} pt="0" ps="6" fontSize="sm">
                      <Text as="span" color="fg.muted">
                        {lt.columna}:
                      </Text>{' '}
                      {placeOf(e)}
                    </Table.Cell>
                  </Table.Row>
                )}
                {hasCorrections(p) && (
                  <Table.Row data-testid="received-payment-corrections">
                    <Table.Cell colSpan={HEADERS.length} pt="0" ps="6">
                      <Corrections p={p} />
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display="contents">
      <Box as="dt" color="fg.muted">
        {label}
      </Box>
      <Box as="dd" minW="0" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}

function ReceivedCards({ payments, onCorrect }: ListProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t.titulo}>
      {payments.map((p) => {
        const correct = onCorrect(p);
        const e = p.payment;
        return (
          <Card.Root
            as="li"
            key={e.id}
            variant="outline"
            data-testid="received-payment"
            data-receipt={e.receipt_number}
          >
            <Card.Body px="4" py="3" gap="3">
              <Flex justify="space-between" align="flex-start" gap="3">
                <Fecha p={p} />
                <Amount p={p} />
              </Flex>
              <Box
                as="dl"
                display="grid"
                gridTemplateColumns="auto 1fr"
                columnGap="3"
                rowGap="1"
                fontSize="sm"
              >
                <Pair label={HEADERS[2]}>
                  <Text as="span" fontFamily="mono">
                    {e.receipt_number}
                  </Text>
                </Pair>
                <Pair label={HEADERS[3]}>{userName(e)}</Pair>
                <Pair label={HEADERS[4]}>{ORIGEN_TEXTO[e.origen]}</Pair>
                <Pair label={HEADERS[5]}>{filas(e)}</Pair>
                <Pair label={t.registrado}>{phoneTime(e)}</Pair>
                <Pair label={t.llego}>{formatDateTime(e.server_time)}</Pair>
                {placed(e) && <Pair label={lt.columna}>{placeOf(e)}</Pair>}
              </Box>
              {hasCorrections(p) && <Corrections p={p} />}
              {correct && <CorrectButton p={p} onClick={correct} full />}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
