// 'Recordatorios de mañana' (/cobranza/recordatorios, docs/producto.md §2.24, decision 028): the day before a town's
// collection, a line per client with what is due, each opening the message in WhatsApp or as an SMS, and who was
// already reminded — all from the phone, with or without signal.
import { Box, Button, Card, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { businessToday, formatDateTime } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { useSession } from '../../session/use-session';
import { useLocalStore } from '../../store/local-store-context';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { isTomorrow, whenText } from './next-collection';
import { type ReminderTown, readReminderItems, readReminderTowns } from './read-reminders';
import {
  markReminded,
  marksOn,
  type ReminderMark,
  type ReminderVia,
  remindersDbFor,
  unmarkReminded,
} from './reminder-marks';
import {
  type ReminderLine,
  reminderLines,
  reminderMessage,
  smsLink,
  tenDigits,
  whatsappLink,
} from './reminders-model';
import { remindersTexts as t } from './reminders-texts';

/** The town asked for (Cobranza's button names it), else the first whose collection is soonest. */
const chosenTown = (towns: readonly ReminderTown[], asked: number) =>
  towns.find((town) => town.id === asked) ?? towns[0] ?? null;

export function RecordatoriosPage() {
  const { user } = useSession();
  const { db, userId } = useLocalStore();
  const marksDb = remindersDbFor(userId);
  const [params, setParams] = useSearchParams();
  const today = businessToday();
  const towns = useLiveQuery(
    () => readReminderTowns(db, today).then((list) => ({ list, error: null }), failed),
    [db, today],
  );
  const town = towns?.list ? chosenTown(towns.list, Number(params.get('municipio'))) : null;
  const items = useLiveQuery(
    () =>
      town
        ? readReminderItems(db, town.id).then(
            (list) => ({ id: town.id, list, error: null }),
            (error: unknown) => ({ id: town.id, ...failed(error) }),
          )
        : undefined,
    [db, town?.id],
  );
  const marks = useLiveQuery(() => (town ? marksOn(marksDb, town.date) : []), [marksDb, town?.date]);
  const lines = useMemo(
    () =>
      town && items?.list && items.id === town.id
        ? reminderLines(items.list, town.collectionDay, town.date)
        : null,
    [town, items],
  );
  const marked = useMemo(() => new Map((marks ?? []).map((m) => [m.loanId, m])), [marks]);

  const error = towns?.error ?? items?.error ?? null;
  if (error) return <ErrorState title={t.titulo} message={t.errorCarga} />;
  if (!towns) return <CenteredSpinner label={t.cargando} />;
  const back = (
    <Button asChild variant="outline" size={{ base: 'lg', md: 'md' }}>
      <Link to="/cobranza">← {t.volver}</Link>
    </Button>
  );
  if (!town)
    return (
      <Stack gap="4">
        <PageHeader title={t.titulo} actions={back} />
        <Text color="fg.muted">{t.sinMunicipios}</Text>
      </Stack>
    );
  const done = lines ? lines.filter((l) => marked.has(l.loanId)).length : 0;
  const mark = (loanId: number, via: ReminderVia) =>
    void markReminded(marksDb, { fecha: town.date, loanId, via });
  return (
    <Stack gap="4" pb="8" data-testid="reminders">
      <PageHeader
        title={isTomorrow(town.date, today) ? t.deManana : t.titulo}
        subtitle={t.subtitulo(town.name, whenText(town.date, today))}
        actions={back}
      />
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Stack gap="1" minW="0" flex="1 1 16rem" maxW="md">
          <Text asChild fontSize="sm" fontWeight="medium">
            <label htmlFor="reminders-town">{t.municipio}</label>
          </Text>
          <NativeSelect.Root size="lg" width="full">
            <NativeSelect.Field
              id="reminders-town"
              value={town.id}
              onChange={(e) => setParams({ municipio: e.currentTarget.value }, { replace: true })}
            >
              {towns.list?.map((option) => (
                <option key={option.id} value={option.id}>
                  {t.opcion(option.name, whenText(option.date, today))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        {lines && lines.length > 0 && (
          <Text fontWeight="semibold" data-testid="reminders-progress">
            {t.avisados(done, lines.length)}
          </Text>
        )}
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        {t.nota}
      </Text>
      {!lines ? (
        <CenteredSpinner label={t.cargando} />
      ) : lines.length === 0 ? (
        <Text color="fg.muted">{t.sinClientes}</Text>
      ) : (
        <Box as="ul" listStyleType="none" display="grid" gap="3" gridTemplateColumns={{ lg: '1fr 1fr' }}>
          {lines.map((line) => (
            <ReminderItem
              key={line.loanId}
              line={line}
              message={reminderMessage(line, town.date, today, user?.account_name ?? '')}
              mark={marked.get(line.loanId)}
              onSent={(via) => mark(line.loanId, via)}
              onUnmark={() => void unmarkReminded(marksDb, town.date, line.loanId)}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}

const failed = (error: unknown) => ({
  list: null,
  error: error instanceof Error ? error.message : String(error),
});

function ReminderItem({
  line,
  message,
  mark,
  onSent,
  onUnmark,
}: {
  line: ReminderLine;
  message: string;
  mark: ReminderMark | undefined;
  onSent: (via: ReminderVia) => void;
  onUnmark: () => void;
}) {
  const phone = tenDigits(line.telefono);
  return (
    <Card.Root
      as="li"
      variant="outline"
      data-testid="reminder"
      data-loan-id={line.loanId}
      data-reminded={mark !== undefined}
    >
      <Card.Body p="3" gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Stack gap="0" minW="0">
            <Text fontWeight="bold" overflowWrap="anywhere">
              {line.clientName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {line.reference} · Grupo {line.grupo}
              {line.telefono ? ` · ${line.telefono}` : ''}
            </Text>
          </Stack>
          <Stack gap="0" align="flex-end" flexShrink="0">
            <Text fontSize="xs" color="fg.muted">
              {t.aCobrar}
            </Text>
            <Text fontWeight="semibold" data-testid="reminder-amount">
              {formatCents(line.aCobrar)}
            </Text>
            {line.atraso > 0 && (
              <Text fontSize="xs" color="red.700">
                {t.incluyeAtraso(formatCents(line.atraso))}
              </Text>
            )}
          </Stack>
        </Flex>
        {phone ? (
          <Flex gap="2" wrap="wrap">
            {/* green.700, not the palette's 600: white on it reads at 4.5:1 (WCAG AA). */}
            <Button
              asChild
              size="lg"
              colorPalette="green"
              bg="green.700"
              _hover={{ bg: 'green.800' }}
              flex="1"
            >
              <a
                href={whatsappLink(phone, message)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.whatsappA(line.clientName)}
                onClick={() => onSent('whatsapp')}
                data-testid="reminder-whatsapp"
              >
                {t.whatsapp}
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" flex="1">
              <a
                href={smsLink(phone, message)}
                aria-label={t.smsA(line.clientName)}
                onClick={() => onSent('sms')}
                data-testid="reminder-sms"
              >
                {t.sms}
              </a>
            </Button>
          </Flex>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t.sinTelefono}
          </Text>
        )}
        <ReminderMarkRow mark={mark} onMark={() => onSent('manual')} onUnmark={onUnmark} />
      </Card.Body>
    </Card.Root>
  );
}

function ReminderMarkRow({
  mark,
  onMark,
  onUnmark,
}: {
  mark: ReminderMark | undefined;
  onMark: () => void;
  onUnmark: () => void;
}) {
  if (!mark)
    return (
      <Button size="lg" variant="ghost" onClick={onMark} alignSelf="flex-start">
        {t.marcar}
      </Button>
    );
  return (
    <Flex gap="2" align="center" justify="space-between" wrap="wrap">
      <Text color="green.700" fontWeight="medium" minW="0" data-testid="reminder-mark">
        ✓ {t.avisado} {t.via[mark.via]} · {formatDateTime(mark.at)}
      </Text>
      <Button size="lg" variant="ghost" onClick={onUnmark}>
        {t.quitar}
      </Button>
    </Flex>
  );
}
