import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import { SHEET_COLUMNS } from '../../../../shared/sheets/columns';
import { useProgressiveCount } from '../../../ui/use-progressive-count';
import { RESUMEN_COLUMNS, ResumenRow } from './resumen-row';
import type { SheetSummary } from './sheet-totals';
import type { SheetLoanItem } from './use-sheet-loans';

const HEADERS = [...SHEET_COLUMNS, 'ACCIONES'];

/**
 * docs/producto.md §2 summary view: counts and total balance over the whole sheet (once every row is read), one line per
 * shown loan with something to record.
 */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function ResumenList({
  items,
  loanCount,
  matched,
  summary,
  coverageWeekEnd,
  canEdit,
}: {
  /** The shown page of the sheet's loans (the page adds 'Mostrar más'). */
  items: readonly SheetLoanItem[];
  loanCount: number;
  /** How many loans the search matches; null without a search. */
  matched: number | null;
  summary: SheetSummary | null;
  coverageWeekEnd: string;
  canEdit: boolean;
}) {
  const count = useProgressiveCount(items.length);
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted" data-testid="resumen-counts">
        {matched !== null
          ? `${matched} de ${counted(loanCount, 'préstamo', 'préstamos')} ${matched === 1 ? 'coincide' : 'coinciden'} con la búsqueda`
          : summary
            ? // Pendientes are the lines below (a loan with a row to record); pagados, the week covered.
              `${counted(loanCount, 'préstamo', 'préstamos')} · ${counted(summary.pagados, 'pagado', 'pagados')} · ` +
              `${counted(summary.pendientes, 'pendiente', 'pendientes')} · ` +
              `Adeudo total ${formatMoney(summary.adeudo)}` +
              (summary.missing > 0
                ? ` · ${summary.missing} ${summary.missing === 1 ? 'ya no está' : 'ya no están'} en este teléfono`
                : '')
            : `${counted(loanCount, 'préstamo', 'préstamos')} · Calculando saldo…`}
      </Text>
      {/* From md up the sheet's fourteen columns: wider than a laptop's content area, so the list scrolls sideways
          (a focusable region, reachable by keyboard); phones get cards and never scroll sideways. */}
      <Box overflowX={{ md: 'auto' }} tabIndex={0} role="region" aria-label="Resumen de cobro">
        <Stack gap="3" minW={{ md: '88rem' }}>
          <Grid
            templateColumns={RESUMEN_COLUMNS}
            gap="2"
            px="2"
            hideBelow="md"
            fontSize="xs"
            fontWeight="bold"
            color="fg.muted"
          >
            {HEADERS.map((h) => (
              <Text key={h}>{h}</Text>
            ))}
          </Grid>
          {items.slice(0, count).map((item) => (
            <ResumenRow
              key={item.sheetLoan.id}
              item={item}
              coverageWeekEnd={coverageWeekEnd}
              canEdit={canEdit}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
