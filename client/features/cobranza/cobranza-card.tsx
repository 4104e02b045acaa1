import { Badge, Button, Card, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useRef, useSyncExternalStore } from 'react';
import { formatDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { agingBucketOf } from '../../../shared/reports/aging';
import { IconPhone } from '../../ui/icons';
import { StatementLink } from '../estado-de-cuenta/statement-link';
import { SaveLocationButton } from '../location/cobranza-location';
import type { CardModel } from './cobranza-model';
import { STATE_PALETTE, STATE_TEXT, semanasText, cobranzaTexts as t } from './cobranza-texts';
import { shownCard, type TapStore } from './tap-store';
import './cobranza-card.css';

export interface CardActions {
  onPay: (card: CardModel) => void;
  onOtherAmount: (card: CardModel) => void;
  onNoPayment: (card: CardModel) => void;
  onShare: (card: CardModel) => void;
  onMove: (card: CardModel, step: -1 | 1) => void;
  onUndo: (card: CardModel) => void;
  /** 'Guardar ubicación': the client's place, at the door (decision 029). */
  onSaveLocation: (card: CardModel) => void;
}

/** A figure's colour, from cobranza-card.css (a colour prop would be a new Emotion rule at the first tap). */
type Tone = 'green' | 'red';

// The parts below are memoised on what they show: a tap re-renders, in its frame, only the parts it changes
// (each Chakra part costs style work on a slow phone).
const Figure = memo(function Figure({
  label,
  value,
  tone,
  detail,
}: {
  label: string;
  value: string;
  tone?: Tone;
  /** A second line under the value (the arrears bucket). */
  detail?: string;
}) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text
        fontWeight="semibold"
        overflowWrap="anywhere"
        className={tone ? `cobranza-tone-${tone}` : undefined}
      >
        {value}
      </Text>
      {detail && (
        <Text
          fontSize="xs"
          className={tone ? `cobranza-tone-${tone}` : undefined}
          data-testid="cobranza-bucket"
        >
          {detail}
        </Text>
      )}
    </Stack>
  );
});

const CardTitle = memo(function CardTitle({
  clientName,
  reference,
  grupo,
}: {
  clientName: string;
  reference: string;
  grupo: number;
}) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight="bold" fontSize="lg" overflowWrap="anywhere">
        {clientName}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {reference} · Grupo {grupo}
      </Text>
    </Stack>
  );
});

/** 'Otro monto', 'No pagó' and 'Llamar': `current` gives the card as shown when tapped. */
const SecondaryActions = memo(function SecondaryActions({
  current,
  actions,
  canPay,
  telefono,
  clientName,
}: {
  current: { readonly current: CardModel };
  actions: CardActions;
  canPay: boolean;
  telefono: string | null;
  clientName: string;
}) {
  return (
    <SimpleGrid columns={telefono ? 3 : 2} gap="2">
      <Button
        size="lg"
        variant="outline"
        onClick={() => actions.onOtherAmount(current.current)}
        disabled={!canPay}
        px="2"
      >
        {t.otroMonto}
      </Button>
      <Button size="lg" variant="outline" onClick={() => actions.onNoPayment(current.current)} px="2">
        {t.noPago}
      </Button>
      {telefono && (
        <Link
          href={`tel:${telefono}`}
          aria-label={`${t.llamar} a ${clientName}`}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          gap="1"
          minH="11"
          borderWidth="1px"
          borderRadius="l2"
          color="teal.700"
          fontWeight="medium"
        >
          <IconPhone /> {t.llamar}
        </Link>
      )}
    </SimpleGrid>
  );
});

/** One client of the week: what is due, what is late, the week's state, and one tap to record it. */
export const CobranzaCard = memo(function CobranzaCard({
  card: read,
  taps,
  actions,
  ordering,
  canShare,
  canUndo,
  canLocate = false,
}: {
  /** The card as the live read shows it; a tap not yet read back is shown over it (`taps`). */
  card: CardModel;
  taps: TapStore;
  actions: CardActions;
  ordering: boolean;
  /** A payment was recorded on this card in this visit: its receipt can be sent. */
  canShare: boolean;
  /** The last tap on this card can still be undone (a few seconds, while not sent). */
  canUndo: boolean;
  /** The account records locations: 'Guardar ubicación' is offered. */
  canLocate?: boolean;
}) {
  const override = useSyncExternalStore(taps.subscribe, () => taps.get(read.loanId));
  const card = shownCard(read, override);
  const owes = card.abonoSemana > 0;
  const current = useRef(card);
  current.current = card;
  return (
    <Card.Root
      as="li"
      variant="outline"
      className="cobranza-card"
      data-testid="cobranza-card"
      data-loan-reference={card.reference}
      data-loan-id={card.loanId}
      data-state={card.state}
      data-pending-sync={card.pendingSync}
      // Scrolled to, a card clears the sticky header and totals above it.
      scrollMarginTop="13rem"
    >
      <Card.Body p="3" gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <CardTitle clientName={card.clientName} reference={card.reference} grupo={card.grupo} />
          <Stack gap="1" align="flex-end" flexShrink="0">
            {/* One Chakra badge for every state, coloured by class (cobranza-card.css). */}
            <Badge
              colorPalette="gray"
              variant="subtle"
              className={`cobranza-palette-${STATE_PALETTE[card.state]}`}
              data-testid="cobranza-state"
            >
              {STATE_TEXT[card.state]}
            </Badge>
            {card.pendingSync && (
              <Badge
                colorPalette="gray"
                variant="subtle"
                className="cobranza-palette-yellow"
                data-testid="cobranza-pending-sync"
              >
                Por sincronizar
              </Badge>
            )}
          </Stack>
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
          <Figure
            label={t.abono}
            value={card.abonoSemana > 0 ? formatMoney(card.abonoSemana) : t.cubierto}
            tone={card.abonoSemana > 0 ? undefined : 'green'}
          />
          <Figure
            label={t.atraso}
            value={
              card.atraso.semanas > 0
                ? `${semanasText(card.atraso.semanas)} · ${formatMoney(card.atraso.monto)}`
                : 'Al corriente'
            }
            detail={agingBucketOf(card.diasAtraso)?.label}
            tone={card.atraso.semanas > 0 ? 'red' : undefined}
          />
          <Figure label={t.ultimoPago} value={card.ultimoPago ? formatDate(card.ultimoPago) : t.sinPagos} />
        </SimpleGrid>
        {(card.cobrado > 0 || card.promesa || card.visita) && (
          <p className="cobranza-note" data-testid="cobranza-week-note">
            {card.cobrado > 0 && `Cobrado esta semana: ${formatMoney(card.cobrado)}. `}
            {card.promesa && `${t.promesa} ${formatDate(card.promesa)}. `}
            {card.cobrado === 0 &&
              card.visita &&
              !card.promesa &&
              `Visita: ${STATE_TEXT.visitado.toLowerCase()}.`}
          </p>
        )}
        <StatementLink loanId={card.loanId} clientName={card.clientName} />
        {ordering ? (
          <SimpleGrid columns={2} gap="2">
            <Button size="lg" variant="outline" onClick={() => actions.onMove(card, -1)}>
              ↑ {t.subir}
            </Button>
            <Button size="lg" variant="outline" onClick={() => actions.onMove(card, 1)}>
              ↓ {t.bajar}
            </Button>
          </SimpleGrid>
        ) : (
          <Stack gap="2">
            {/* Paid by a tap, the button is hidden, not removed, until the read shows the payment: removing
                the focused, pressed element made Chromium update style inside the tap's commit. */}
            {(owes || override !== undefined) && (
              <Button
                size="lg"
                colorPalette="teal"
                className={owes ? undefined : 'cobranza-hidden'}
                onClick={() => actions.onPay(card)}
                data-testid="cobranza-pago"
              >
                {t.pago} {formatMoney(card.abonoSemana)}
              </Button>
            )}
            <SecondaryActions
              current={current}
              actions={actions}
              canPay={card.canPay}
              telefono={card.telefono}
              clientName={card.clientName}
            />
            {canLocate && (
              <SaveLocationButton
                current={current}
                onSave={actions.onSaveLocation}
                clientName={card.clientName}
              />
            )}
            {(canShare || canUndo) && (
              <SimpleGrid columns={canShare && canUndo ? 2 : 1} gap="2">
                {canShare && (
                  <Button
                    size="lg"
                    variant="subtle"
                    colorPalette="green"
                    onClick={() => actions.onShare(card)}
                    px="2"
                  >
                    {t.compartir}
                  </Button>
                )}
                {canUndo && (
                  <Button
                    size="lg"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => actions.onUndo(card)}
                    px="2"
                  >
                    {t.deshacer}
                  </Button>
                )}
              </SimpleGrid>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
});
