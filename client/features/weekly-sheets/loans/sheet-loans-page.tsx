import { Button, ButtonGroup, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '../../../../shared/dates';
import { formatMoney } from '../../../../shared/money';
import { sheetMessages as m } from '../../../../shared/sheets/messages';
import { useSession } from '../../../session/use-session';
import { userCan } from '../../../session/user-can';
import type { LocalWeeklySheet } from '../../../store/local-types';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ErrorState } from '../../../ui/error-state';
import { StatCard } from '../../../ui/stat-card';
import { useProgressiveCount } from '../../../ui/use-progressive-count';
import { ResumenList } from './resumen-list';
import { SheetLoanCard } from './sheet-loan-card';
import { SheetTotalsBar } from './sheet-totals-bar';
import { type SheetLoanItem, useSheetFigures, useSheetPage } from './use-sheet-loans';

/** Loans shown at a time: only these are read with their rows, so a 1,000-loan sheet opens at once. */
const PAGE = 30;
/** A whole-sheet figure still being read (the stat cards' large type has no room for a word). */
const CALCULANDO = '…';

/** The detailed view: the first cards paint at once, the rest of the page a frame later. */
function SheetLoanCards({
  items,
  sheet,
  canEdit,
}: {
  items: readonly SheetLoanItem[];
  sheet: LocalWeeklySheet;
  canEdit: boolean;
}) {
  const count = useProgressiveCount(items.length);
  return (
    <Stack gap="3">
      {items.slice(0, count).map((item) => (
        <SheetLoanCard key={item.sheetLoan.id} item={item} sheet={sheet} canEdit={canEdit} />
      ))}
    </Stack>
  );
}

/** docs/producto.md §2 /weekly-sheets/{id}/loans, from the device store: worked offline, every payment through the outbox. */
export function SheetLoansPage() {
  const sheetId = Number(useParams().weeklySheetId);
  const { user } = useSession();
  const canEdit = userCan(user, 'PAGOS_REGISTRAR');
  const [view, setView] = useState<'detalle' | 'resumen'>('detalle');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const { data, error, loading } = useSheetPage(sheetId, search, limit);
  const { figures, error: figuresError } = useSheetFigures(sheetId, data !== null);

  const back = (
    <Button asChild variant="outline" size={{ base: 'lg', md: 'sm' }} alignSelf="flex-start">
      <Link to="/weekly-sheets">← Volver a Hojas Semanales</Link>
    </Button>
  );
  if (loading) return <CenteredSpinner label="Cargando préstamos de la hoja..." />;
  const failed = error ?? figuresError;
  if (failed) return <ErrorState title={m.errorCargarPrestamos} message={failed} />;
  if (!data)
    return (
      <Stack gap="4">
        {back}
        <Text>
          Esta hoja no está en este dispositivo: aún no se ha sincronizado, o es de hace más de 12 semanas.
        </Text>
      </Stack>
    );

  const { sheet } = data;
  const more = data.matched - data.items.length;
  return (
    <Stack gap="5">
      {back}
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          Hoja de Cobro · {data.municipalityName ?? '—'}
        </Heading>
        <Text color="fg.muted">
          Semana {sheet.week}: {formatDate(sheet.coverage_week)} al {formatDate(sheet.coverage_week_end)}
          {sheet.processed ? ' · Procesada' : ''}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Préstamos" value={String(data.total)} />
        <StatCard
          label="Monto Total"
          value={figures ? formatMoney(figures.montoTotal) : CALCULANDO}
          tone="blue"
        />
        <StatCard label="Clientes" value={figures ? String(figures.clients) : CALCULANDO} tone="purple" />
        <StatCard label="Amortizaciones" value={figures ? String(figures.rows) : CALCULANDO} tone="gray" />
      </SimpleGrid>
      <SheetTotalsBar sheet={sheet} totals={figures?.totals ?? null} />
      {figures && figures.missing > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {figures.missing} préstamos de la hoja ya no están en este dispositivo.
        </Text>
      )}
      <Flex gap="3" wrap="wrap" align="center">
        <ButtonGroup size={{ base: 'lg', md: 'sm' }} attached variant="outline">
          <Button
            data-view="detalle"
            aria-pressed={view === 'detalle'}
            variant={view === 'detalle' ? 'solid' : 'outline'}
            onClick={() => setView('detalle')}
          >
            Vista detallada
          </Button>
          <Button
            data-view="resumen"
            aria-pressed={view === 'resumen'}
            variant={view === 'resumen' ? 'solid' : 'outline'}
            onClick={() => setView('resumen')}
          >
            Resumen
          </Button>
        </ButtonGroup>
        <Input
          flex="1"
          minW="12rem"
          size={{ base: 'lg', md: 'sm' }}
          bg="bg"
          aria-label="Buscar cliente o préstamo"
          placeholder="Buscar cliente o préstamo"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setLimit(PAGE);
          }}
        />
      </Flex>
      {data.items.length === 0 ? (
        <Text color="fg.muted">
          {data.total === 0 ? 'Esta hoja no tiene préstamos.' : 'Ningún préstamo coincide con la búsqueda.'}
        </Text>
      ) : view === 'detalle' ? (
        <SheetLoanCards items={data.items} sheet={data.sheet} canEdit={canEdit} />
      ) : (
        <ResumenList
          items={data.items}
          loanCount={data.total}
          matched={search.trim() === '' ? null : data.matched}
          summary={figures}
          coverageWeekEnd={sheet.coverage_week_end}
          canEdit={canEdit}
        />
      )}
      {more > 0 && (
        <Button variant="outline" size="lg" onClick={() => setLimit((l) => l + PAGE * 2)}>
          Mostrar más ({more} restantes)
        </Button>
      )}
    </Stack>
  );
}
