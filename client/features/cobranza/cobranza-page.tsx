// 'Cobranza' (docs/producto.md §2.5): this week's route on the phone, from the device store, working with no signal.
import { Alert, Box, Button, ButtonGroup, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatDate } from '../../../shared/dates';
import { type Cents, formatCents, toPesos } from '../../../shared/money';
import { mondayOf } from '../../../shared/sheets/coverage-week';
import { MUTATION } from '../../../shared/sync/types';
import { cancelPendingEntry } from '../../mutators/cancel-entry';
import { recordCashCount } from '../../mutators/record-cash-count';
import { recordClientLocation } from '../../mutators/record-client-location';
import { recordVisit } from '../../mutators/record-visit';
import { useRecordPayment } from '../../mutators/use-record-payment';
import { useSession } from '../../session/use-session';
import { useLocalStore } from '../../store/local-store-context';
import { guardWrite } from '../../store/write-guard';
import { afterPaint } from '../../ui/after-paint';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { CobranzaLocation } from '../location/cobranza-location';
import { locationTexts as lt } from '../location/location-texts';
import { positionWatch } from '../location/position-watch';
import { RemindersButton } from '../recordatorios/reminders-button';
import { CloseDayDialog } from './close-day-dialog';
import { type CardActions, CobranzaCard } from './cobranza-card';
import { type CardModel, cobranzaTotals, isDone } from './cobranza-model';
import { COBRANZA_PAGE } from './cobranza-preload';
import { cobranzaTexts as t } from './cobranza-texts';
import { CobranzaTotalsBar } from './cobranza-totals-bar';
import { OtherAmountDialog } from './other-amount-dialog';
import { type ReceiptData, receiptText, shareReceipt } from './receipt-text';
import { type CardFilter, lateFirst, moveInOrder, ROUTE_VIEWS } from './route-order';
import { TapStore } from './tap-store';
import { useCobranza } from './use-cobranza';
import { useRouteOrder, useRouteView } from './use-route-order';
import { useUndoWindow } from './use-undo-window';
import { VisitDialog, type VisitForm } from './visit-dialog';

const PAGE = COBRANZA_PAGE;

/** Cards in the first paint: two screens of a phone. The rest of the page follows in a background render. */
const FIRST_PAINT = 6;

export function CobranzaPage() {
  const { user } = useSession();
  const { db, engine, userId } = useLocalStore();
  const online = useOnline();
  const record = useRecordPayment();
  // The account records where taps happen (decision 029): known offline, with the session.
  const locating = user?.registrar_ubicacion === true;
  const { order, save } = useRouteOrder(userId);
  const { view, choose } = useRouteView(userId, order !== null);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CardFilter>('todos');
  const [ordering, setOrdering] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const week = useCobranza({ order: view === 'mio' ? order : null, search, limit });
  const [otherCard, setOtherCard] = useState<CardModel | null>(null);
  const [visitCard, setVisitCard] = useState<CardModel | null>(null);
  const [closing, setClosing] = useState(false);
  const [receipts, setReceipts] = useState<ReadonlyMap<number, ReceiptData>>(new Map());
  const undo = useUndoWindow();

  // Until the whole week is read, the cards are the first page's: the filter waits for the rest.
  const matching = useMemo(() => {
    const list: CardModel[] = [];
    for (const entry of week.searched) {
      const card = week.cards.get(entry.loanId);
      if (card && (filter === 'todos' || (filter === 'hechos') === isDone(card))) list.push(card);
    }
    // Days late are known per card: until the whole week is read, the first page stays in route order (and says so).
    return view === 'atrasados' && week.complete ? lateFirst(list) : list;
  }, [week.searched, week.cards, week.complete, filter, view]);
  const [painted, setPainted] = useState(FIRST_PAINT);
  useEffect(() => {
    if (painted >= limit || matching.length <= painted) return;
    const frame = requestAnimationFrame(() => startTransition(() => setPainted(limit)));
    return () => cancelAnimationFrame(frame);
  }, [painted, limit, matching.length]);
  const remaining = (week.complete ? matching.length : week.searched.length) - limit;
  const totals = useMemo(
    () => (week.complete ? cobranzaTotals([...week.cards.values()]) : null),
    [week.complete, week.cards],
  );
  // What the last tap saved, said in the sticky totals bar: a toast would cover the next card's buttons.
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  const saved = useCallback(
    (what: string) => setLastSaved(online ? t.guardado(what) : `${what}: ${t.guardadoSinSenal}`),
    [online],
  );

  const [taps] = useState(() => new TapStore());
  useEffect(() => taps.prune((loanId) => week.cards.get(loanId)), [taps, week.cards]);

  const pay = useCallback(
    async (card: CardModel, amount: Cents): Promise<string | null> => {
      // Where the tap happened: what the watch already holds, read now (it never waits for the GPS).
      const ubicacion = locating ? positionWatch.current() : undefined;
      // The card and the totals first, in this frame; the write and the rest of the page after it. A refusal
      // (more than the loan owes, nothing owed) is the server's own message, shown where the amount was typed.
      const preview = week.paymentOverride(card.loanId, amount, taps.get(card.loanId));
      if (!preview.ok) return preview.message;
      const shownAfter = preview.override.card;
      // From the frame that shows the card paid, leaving the page asks first: the entry is written a frame later,
      // and a reload in between lost a payment the collector had seen recorded.
      const result = await guardWrite(async () => {
        flushSync(() => taps.set(card.loanId, preview.override));
        // The write starts once that frame is painted (a frame later, ~16 ms): nothing runs before the paint.
        await afterPaint();
        return record({ kind: 'pago', loanId: card.loanId, amount, ubicacion });
      });
      if (!result.ok) {
        taps.delete(card.loanId);
        toastError(result.message);
        return result.message;
      }
      const entry = result.entryId === null ? undefined : await db.outbox.get(result.entryId);
      startTransition(() => {
        if (result.entryId !== null) undo.offer(card.loanId, result.entryId);
        saved(`Pago de ${formatCents(amount)}`);
      });
      if (entry?.name === MUTATION.paymentRecord) {
        setReceipts((r) =>
          new Map(r).set(card.loanId, {
            negocio: user?.account_name ?? 'Préstamos',
            cliente: card.clientName,
            referencia: card.reference,
            monto: toPesos(amount),
            fecha: entry.clientTime,
            // What the loan still owes after this payment: the loan figures' outstanding (docs/reglas-del-negocio.md).
            saldo: shownAfter.saldo,
            cobrador: user?.name ?? '',
            receiptId: entry.args.receiptId,
          }),
        );
      }
      return null;
    },
    [week, record, db, user, saved, undo.offer, taps, locating],
  );

  // The cards get one stable set of actions (each card re-renders only when its own figures change); the
  // actions call the latest handlers.
  const handlers: CardActions = {
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
    onMove: (card, step) => save(moveInOrder(week.ordered, card.loanId, step)),
    onSaveLocation: (card) => void saveLocation(card),
    onUndo: (card) => {
      const entryId = undo.take(card.loanId);
      if (entryId === null) return;
      taps.delete(card.loanId);
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
  };
  const latest = useRef(handlers);
  latest.current = handlers;
  const actions = useMemo<CardActions>(
    () => ({
      onPay: (card) => latest.current.onPay(card),
      onOtherAmount: (card) => latest.current.onOtherAmount(card),
      onNoPayment: (card) => latest.current.onNoPayment(card),
      onShare: (card) => latest.current.onShare(card),
      onMove: (card, step) => latest.current.onMove(card, step),
      onUndo: (card) => latest.current.onUndo(card),
      onSaveLocation: (card) => latest.current.onSaveLocation(card),
    }),
    [],
  );

  const saveVisit = async (card: CardModel, form: VisitForm) => {
    const result = await guardWrite(() =>
      recordVisit(
        db,
        card.loanId,
        { motivo: form.motivo as never, fecha_promesa: form.fecha_promesa, nota: form.nota },
        {
          userId,
          today: week.today,
          now: new Date(),
          ubicacion: locating ? positionWatch.current() : undefined,
        },
      ),
    );
    if (!result.ok) return { field: result.field, message: result.message };
    if (form.motivo) {
      const visit = { motivo: form.motivo, fecha: week.today, fecha_promesa: form.fecha_promesa };
      const override = week.visitOverride(card.loanId, visit, taps.get(card.loanId));
      if (override) taps.set(card.loanId, override);
    }
    engine?.afterLocalEdit();
    saved('Visita');
    return null;
  };

  // 'Guardar ubicación': the collector asked for it at the door, so a fresh position is worth a moment's wait.
  const saveLocation = async (card: CardModel) => {
    setLastSaved(lt.buscando(card.clientName));
    const found = await positionWatch.fresh();
    if (typeof found === 'string') {
      setLastSaved(null);
      toastError(lt.noGuardada[found]);
      return;
    }
    const result = await guardWrite(() =>
      recordClientLocation(db, card.loanId, found, { userId, today: week.today, now: new Date() }),
    );
    if (!result.ok) {
      setLastSaved(null);
      toastError(result.message);
      return;
    }
    engine?.afterLocalEdit();
    setLastSaved(
      online ? lt.guardada(card.clientName) : `${lt.ubicacionDe(card.clientName)}: ${t.guardadoSinSenal}`,
    );
  };

  const saveCount = async (form: { contado: string; nota: string }) => {
    const result = await guardWrite(() =>
      recordCashCount(db, form, { userId, today: week.today, now: new Date() }),
    );
    if (!result.ok) return { field: result.field, message: result.message };
    engine?.afterLocalEdit();
    saved('Corte de caja');
    return null;
  };

  if (week.error) return <ErrorState title={t.titulo} message={t.errorCarga} />;
  if (week.loading || !week.towns) return <CenteredSpinner label="Cargando la ruta" />;
  const fallbackTowns = week.towns.filter((town) => town.sheet === null && town.entries.length > 0);
  const towns = week.towns.length;
  const subtitle = `Semana del ${formatDate(mondayOf(week.today))} · ${towns} ${towns === 1 ? 'municipio' : 'municipios'}`;

  return (
    <Stack gap="4" pb="8">
      <PageHeader
        title={t.titulo}
        subtitle={subtitle}
        actions={
          <>
            <RemindersButton towns={week.towns} today={week.today} />
            <Button
              size={{ base: 'lg', md: 'md' }}
              colorPalette="teal"
              variant="outline"
              onClick={() => setClosing(true)}
            >
              {t.cerrarDia}
            </Button>
          </>
        }
      />
      {locating && <CobranzaLocation userId={userId} />}
      {fallbackTowns.length > 0 && (
        <Alert.Root status="info" borderRadius="md" data-testid="cobranza-sin-hoja">
          <Alert.Indicator />
          <Alert.Description>
            {t.sinHoja} ({fallbackTowns.map((town) => town.municipality.name).join(', ')})
          </Alert.Description>
        </Alert.Root>
      )}
      <CobranzaTotalsBar totals={totals} cards={week.cards} taps={taps} status={lastSaved} />
      <Stack gap="3">
        <SearchInput value={search} onChange={setSearch} label={t.buscar} />
        <Flex gap="2" wrap="wrap" justify="space-between">
          <ButtonGroup size="lg" attached variant="outline" role="group" aria-label="Filtrar clientes">
            {(['todos', 'pendientes', 'hechos'] as const).map((f) => (
              <Button
                key={f}
                aria-pressed={filter === f}
                variant={filter === f ? 'solid' : 'outline'}
                disabled={!week.complete && f !== 'todos'}
                onClick={() => setFilter(f)}
              >
                {t[f]}
              </Button>
            ))}
          </ButtonGroup>
          <Flex gap="2" wrap="wrap" align="center">
            <NativeSelect.Root size="lg" width="auto" disabled={ordering}>
              <NativeSelect.Field
                aria-label={t.orden}
                value={view}
                onChange={(e) => choose(e.currentTarget.value as (typeof ROUTE_VIEWS)[number])}
              >
                {ROUTE_VIEWS.map((v) => (
                  <option key={v} value={v}>
                    {t.vistas[v]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {ordering && order && (
              <Button
                size="lg"
                variant="ghost"
                onClick={() => {
                  save(null);
                  choose('ruta');
                }}
              >
                {t.ordenOriginal}
              </Button>
            )}
            {view !== 'atrasados' && (
              <Button
                size="lg"
                variant={ordering ? 'solid' : 'ghost'}
                onClick={() => {
                  // Moving a card is the collector's own order.
                  if (!ordering) choose('mio');
                  setOrdering((o) => !o);
                }}
              >
                {ordering ? t.terminarOrden : t.ordenar}
              </Button>
            )}
          </Flex>
        </Flex>
        {view === 'atrasados' && !week.complete && (
          <Text color="fg.muted" fontSize="sm" data-testid="cobranza-ordenando">
            {t.ordenandoAtrasos}
          </Text>
        )}
      </Stack>
      {week.ordered.length === 0 ? (
        <Text color="fg.muted">{t.vacio}</Text>
      ) : matching.length === 0 && week.complete ? (
        <Text color="fg.muted">{t.sinCoincidencias}</Text>
      ) : (
        <Box as="ul" listStyleType="none" display="grid" gap="3" data-testid="cobranza-list">
          {matching.slice(0, Math.min(limit, painted)).map((card) => (
            <CobranzaCard
              key={card.loanId}
              card={card}
              taps={taps}
              actions={actions}
              ordering={ordering}
              canShare={receipts.has(card.loanId)}
              canUndo={undo.open.has(card.loanId)}
              canLocate={locating}
            />
          ))}
        </Box>
      )}
      {remaining > 0 && (
        <Button size="lg" variant="outline" onClick={() => setLimit((l) => l + PAGE)}>
          Ver más ({remaining} restantes)
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
