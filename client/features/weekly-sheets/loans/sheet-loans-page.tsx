import { Button, ButtonGroup, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { businessToday, formatDate } from '../../../../shared/dates';
import { formatMoney } from '../../../../shared/money';
import { summaryRowOf } from '../../../../shared/sheets/amounts';
import { sheetMessages as m } from '../../../../shared/sheets/messages';
import { useSession } from '../../../session/use-session';
import { userCan } from '../../../session/user-can';
import { CenteredSpinner } from '../../../ui/centered-spinner';
import { ErrorState } from '../../../ui/error-state';
import { StatCard } from '../../../ui/stat-card';
import { ResumenList } from './resumen-list';
import { SheetLoanCard } from './sheet-loan-card';
import { matchesSearch } from './sheet-totals';
import { SheetTotalsBar } from './sheet-totals-bar';
import { useSheetLoans } from './use-sheet-loans';

/** Cards rendered at a time: a 1,000-loan sheet opens at once on a phone, the rest on demand. */
const PAGE = 30;

/** SPEC §2 /weekly-sheets/{id}/loans, from the device store: worked offline, every payment through the outbox. */
export function SheetLoansPage() {
  const sheetId = Number(useParams().weeklySheetId);
  const { user } = useSession();
  const canEdit = userCan(user, 'PAGOS_REGISTRAR');
  const { data, error, loading } = useSheetLoans(sheetId);
  const [view, setView] = useState<'detalle' | 'resumen'>('detalle');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);

  const items = useMemo(
    () =>
      (data?.items ?? []).filter((i) =>
        matchesSearch(search, [i.detail.client?.nombre, i.detail.loan.loan_reference]),
      ),
    [data, search],
  );
  const stats = useMemo(() => {
    const list = data?.items ?? [];
    return {
      loans: list.length,
      total: list.reduce((s, i) => s + i.detail.loan.monto_con_interes, 0),
      clients: new Set(list.map((i) => i.detail.loan.client_id)).size,
      rows: list.reduce(
        (s, i) => s + i.sheetLoan.arrears_amortization_ids.length + (i.sheetLoan.amortization_id ? 1 : 0),
        0,
      ),
    };
  }, [data]);

  const back = (
    <Button asChild variant="outline" size={{ base: 'lg', md: 'sm' }} alignSelf="flex-start">
      <Link to="/weekly-sheets">← Volver a Hojas Semanales</Link>
    </Button>
  );
  if (loading) return <CenteredSpinner label="Cargando préstamos de la hoja..." />;
  if (error) return <ErrorState title={m.errorCargarPrestamos} message={error} />;
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
  return (
    <Stack gap="5">
      {back}
      <Stack gap="1">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          Hoja de Cobro · {data.municipalityName}
        </Heading>
        <Text color="fg.muted">
          Semana {sheet.week}: {formatDate(sheet.coverage_week)} al {formatDate(sheet.coverage_week_end)}
          {sheet.processed ? ' · Procesada' : ''}
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Préstamos" value={String(stats.loans)} />
        <StatCard label="Monto Total" value={formatMoney(stats.total)} tone="blue" />
        <StatCard label="Clientes" value={String(stats.clients)} tone="purple" />
        <StatCard label="Amortizaciones" value={String(stats.rows)} tone="gray" />
      </SimpleGrid>
      <SheetTotalsBar sheet={sheet} items={data.items} ready={data.rowsReady} />
      {data.missing > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {data.missing} préstamos de la hoja ya no están en este dispositivo.
        </Text>
      )}
      <Flex gap="3" wrap="wrap" align="center">
        <ButtonGroup size={{ base: 'lg', md: 'sm' }} attached variant="outline">
          <Button
            aria-pressed={view === 'detalle'}
            variant={view === 'detalle' ? 'solid' : 'outline'}
            onClick={() => setView('detalle')}
          >
            Vista detallada
          </Button>
          <Button
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
      {view === 'detalle' ? (
        <Stack gap="3">
          {items.slice(0, limit).map((item) => (
            <SheetLoanCard key={item.sheetLoan.id} item={item} canEdit={canEdit} rowsReady={data.rowsReady} />
          ))}
          {items.length === 0 && <Text color="fg.muted">Ningún préstamo coincide con la búsqueda.</Text>}
          {items.length > limit && (
            <Button variant="outline" size="lg" onClick={() => setLimit((l) => l + PAGE * 2)}>
              Mostrar más ({items.length - limit} restantes)
            </Button>
          )}
        </Stack>
      ) : data.rowsReady ? (
        <ResumenList
          items={items}
          coverageWeekEnd={sheet.coverage_week_end}
          canEdit={canEdit}
          omitted={
            items.filter((i) => !summaryRowOf(i.detail.rows, businessToday(), sheet.coverage_week_end)).length
          }
        />
      ) : (
        <CenteredSpinner label="Cargando pagos de la hoja..." />
      )}
    </Stack>
  );
}
