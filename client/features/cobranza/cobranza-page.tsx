// 'Cobranza' (issue 12): this week's route on the phone, from the device store, working with no signal.
import { Alert, Box, Button, ButtonGroup, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { formatDate } from '../../../shared/dates';
import { type Cents, formatCents, toPesos } from '../../../shared/money';
import { mondayOf } from '../../../shared/sheets/coverage-week';
import { cancelPendingEntry } from '../../db/cancel-entry';
import { useLocalStore } from '../../db/local-store-context';
import { recordCashCount } from '../../db/record-cash-count';
import { recordVisit } from '../../db/record-visit';
import { useRecordPayment } from '../../db/use-record-payment';
import { useSession } from '../../session/use-session';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { CloseDayDialog } from './close-day-dialog';
import { type CardActions, CobranzaCard } from './cobranza-card';
import { type CardModel, cobranzaTotals } from './cobranza-model';
import { cobranzaTexts as t } from './cobranza-texts';
import { CobranzaTotalsBar } from './cobranza-totals-bar';
import { OtherAmountDialog } from './other-amount-dialog';
import { type ReceiptData, receiptText, shareReceipt } from './receipt-text';
import { type CardFilter, moveInOrder, orderCards, visibleCards } from './route-order';
import { useCobranza } from './use-cobranza';
import { useRouteOrder } from './use-route-order';
import { useUndoWindow } from './use-undo-window';
import { VisitDialog, type VisitForm } from './visit-dialog';

const PAGE = 40;

export function CobranzaPage() {
  const { user } = useSession();
  const { db, engine, userId } = useLocalStore();
  const online = useOnline();
  const record = useRecordPayment();
  const week = useCobranza();
  const { order, save } = useRouteOrder(userId);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CardFilter>('todos');
  const [ordering, setOrdering] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const [otherCard, setOtherCard] = useState<CardModel | null>(null);
  const [visitCard, setVisitCard] = useState<CardModel | null>(null);
  const [closing, setClosing] = useState(false);
  const [receipts, setReceipts] = useState<ReadonlyMap<number, ReceiptData>>(new Map());
  const undo = useUndoWindow();

  const ordered = useMemo(() => orderCards(week.cards, order), [week.cards, order]);
  const shown = useMemo(() => visibleCards(ordered, search, filter), [ordered, search, filter]);
  const totals = useMemo(() => cobranzaTotals(week.cards), [week.cards]);
  // What the last tap saved, said in the sticky totals bar: a toast would cover the next card's buttons.
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const saved = useCallback(
    (what: string) => setLastSaved(online ? t.guardado(what) : `${what}: ${t.guardadoSinSenal}`),
    [online],
  );

  const pay = useCallback(
    async (card: CardModel, amount: Cents): Promise<string | null> => {
      const item = week.itemOf(card.loanId);
      if (!item || card.targetRowId === null) return t.errorCarga;
      week.showPayment(item, card, amount);
      const parcial = (Math.round(card.targetParcial * 100) + amount) as Cents;
      const result = await record(card.loanId, card.targetRowId, { parcial });
      if (!result.ok) {
        toastError(result.message);
        return result.message;
      }
      const entry = result.entryId === null ? undefined : await db.outbox.get(result.entryId);
      if (result.entryId !== null) undo.offer(card.loanId, result.entryId);
      if (entry?.name === 'amortization.update') {
        setReceipts((r) =>
          new Map(r).set(card.loanId, {
            negocio: user?.account_name ?? 'Préstamos',
            cliente: card.clientName,
            referencia: card.reference,
            monto: toPesos(amount),
            fecha: entry.clientTime,
            saldo: Math.max(0, card.saldo - toPesos(amount)),
            cobrador: user?.name ?? '',
            receiptId: entry.args.receiptId,
          }),
        );
      }
      saved(`Pago de ${formatCents(amount)}`);
      return null;
    },
    [week, record, db, user, saved, undo.offer],
  );

  const actions: CardActions = useMemo(
    () => ({
      onPay: (card) => void pay(card, Math.round(card.abonoSemana * 100) as Cents),
      onOtherAmount: setOtherCard,
      onNoPayment: setVisitCard,
      onShare: (card) => {
        const receipt = receipts.get(card.loanId);
        if (!receipt) return;
        void shareReceipt(receiptText(receipt), card.telefono).then((outcome) => {
          if (outcome === 'copiado') toastSuccess(t.reciboCopiado);
          if (outcome === 'sin-opcion') toastError(t.reciboSinOpcion);
        });
      },
      onMove: (card, step) => save(moveInOrder(ordered, card.loanId, step)),
      onUndo: (card) => {
        const entryId = undo.take(card.loanId);
        if (entryId === null) return;
        void cancelPendingEntry(db, entryId, week.today).then((outcome) => {
          if (outcome === 'already-sent') toastError(t.yaEnviado);
          else {
            setReceipts((r) => {
              const next = new Map(r);
              next.delete(card.loanId);
              return next;
            });
            setLastSaved(t.deshecho);
          }
        });
      },
    }),
    [pay, receipts, ordered, save, undo, db, week.today],
  );

  const saveVisit = async (card: CardModel, form: VisitForm) => {
    const result = await recordVisit(
      db,
      card.loanId,
      { motivo: form.motivo as never, fecha_promesa: form.fecha_promesa, nota: form.nota },
      { userId, today: week.today, now: new Date() },
    );
    if (!result.ok) return { field: result.field, message: result.message };
    if (form.motivo)
      week.showVisit(card.loanId, {
        motivo: form.motivo,
        fecha: week.today,
        fecha_promesa: form.fecha_promesa,
      });
    engine?.afterLocalEdit();
    saved('Visita');
    return null;
  };

  const saveCount = async (form: { contado: string; nota: string }) => {
    const result = await recordCashCount(db, form, { userId, today: week.today, now: new Date() });
    if (!result.ok) return { field: result.field, message: result.message };
    engine?.afterLocalEdit();
    saved('Corte de caja');
    return null;
  };

  if (week.error) return <ErrorState title={t.titulo} message={t.errorCarga} />;
  if (week.loading || !week.towns) return <CenteredSpinner label="Cargando la ruta" />;
  const fallbackTowns = week.towns.filter((town) => town.sheet === null && town.items.length > 0);
  const towns = week.towns.length;
  const subtitle = `Semana del ${formatDate(mondayOf(week.today))} · ${towns} ${towns === 1 ? 'municipio' : 'municipios'}`;

  return (
    <Stack gap="4" pb="8">
      <PageHeader
        title={t.titulo}
        subtitle={subtitle}
        actions={
          <Button
            size={{ base: 'lg', md: 'md' }}
            colorPalette="teal"
            variant="outline"
            onClick={() => setClosing(true)}
          >
            {t.cerrarDia}
          </Button>
        }
      />
      {fallbackTowns.length > 0 && (
        <Alert.Root status="info" borderRadius="md" data-testid="cobranza-sin-hoja">
          <Alert.Indicator />
          <Alert.Description>
            {t.sinHoja} ({fallbackTowns.map((town) => town.municipality.name).join(', ')})
          </Alert.Description>
        </Alert.Root>
      )}
      <CobranzaTotalsBar totals={totals} status={lastSaved} />
      <Stack gap="3">
        <SearchInput value={search} onChange={setSearch} label={t.buscar} />
        <Flex gap="2" wrap="wrap" justify="space-between">
          <ButtonGroup size="lg" attached variant="outline" role="group" aria-label="Filtrar clientes">
            {(['todos', 'pendientes', 'hechos'] as const).map((f) => (
              <Button
                key={f}
                aria-pressed={filter === f}
                variant={filter === f ? 'solid' : 'outline'}
                onClick={() => setFilter(f)}
              >
                {t[f]}
              </Button>
            ))}
          </ButtonGroup>
          <Flex gap="2">
            {ordering && order && (
              <Button size="lg" variant="ghost" onClick={() => save(null)}>
                {t.ordenOriginal}
              </Button>
            )}
            <Button size="lg" variant={ordering ? 'solid' : 'ghost'} onClick={() => setOrdering((o) => !o)}>
              {ordering ? t.terminarOrden : t.ordenar}
            </Button>
          </Flex>
        </Flex>
      </Stack>
      {week.cards.length === 0 ? (
        <Text color="fg.muted">{t.vacio}</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{t.sinCoincidencias}</Text>
      ) : (
        <Box as="ul" listStyleType="none" display="grid" gap="3" data-testid="cobranza-list">
          {shown.slice(0, limit).map((card) => (
            <CobranzaCard
              key={card.loanId}
              card={card}
              actions={actions}
              ordering={ordering}
              canShare={receipts.has(card.loanId)}
              canUndo={undo.open.has(card.loanId)}
            />
          ))}
        </Box>
      )}
      {shown.length > limit && (
        <Button size="lg" variant="outline" onClick={() => setLimit((l) => l + PAGE)}>
          Ver más ({shown.length - limit} restantes)
        </Button>
      )}
      <OtherAmountDialog card={otherCard} onClose={() => setOtherCard(null)} onSubmit={pay} />
      <VisitDialog
        card={visitCard}
        today={week.today}
        onClose={() => setVisitCard(null)}
        onSubmit={saveVisit}
      />
      <CloseDayDialog
        open={closing}
        userId={userId}
        today={week.today}
        onClose={() => setClosing(false)}
        onSubmit={saveCount}
      />
    </Stack>
  );
}
