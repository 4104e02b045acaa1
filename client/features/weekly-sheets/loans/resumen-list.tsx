import { Box, Button, Grid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SHEET_COLUMNS } from '../../../../shared/sheets/columns';
import { RESUMEN_COLUMNS, ResumenRow } from './resumen-row';
import type { SheetLoanItem } from './use-sheet-loans';

const HEADERS = [...SHEET_COLUMNS, 'ACCIONES'];
const PAGE = 30;

/** SPEC §2 summary view: counts, total balance, one line per loan with something to record. */
export function ResumenList({
  items,
  coverageWeekEnd,
  canEdit,
  omitted,
}: {
  items: readonly SheetLoanItem[];
  coverageWeekEnd: string;
  canEdit: boolean;
  omitted: number;
}) {
  const [limit, setLimit] = useState(PAGE);
  const paid = items.filter((i) => i.detail.loan.pagada).length;
  const balance = items.reduce(
    (s, i) => s + (i.detail.loan.monto_con_interes - i.detail.loan.abono * i.detail.loan.num_pago),
    0,
  );
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted" data-testid="resumen-counts">
        {items.length} préstamos · {paid} pagados · {items.length - paid} pendientes · Saldo total{' '}
        {new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(balance)}
        {omitted > 0 ? ` · ${omitted} sin pago por registrar` : ''}
      </Text>
      {/* From md up SPEC's twelve columns: wider than a laptop's content area, so the list scrolls sideways
          (a focusable region, reachable by keyboard); phones get cards and never scroll sideways. */}
      <Box overflowX={{ md: 'auto' }} tabIndex={0} role="region" aria-label="Resumen de cobro">
        <Stack gap="3" minW={{ md: '76rem' }}>
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
          {items.slice(0, limit).map((item) => (
            <ResumenRow
              key={item.sheetLoan.id}
              item={item}
              coverageWeekEnd={coverageWeekEnd}
              canEdit={canEdit}
            />
          ))}
        </Stack>
      </Box>
      {items.length > limit && (
        <Button variant="outline" size="lg" onClick={() => setLimit((l) => l + PAGE * 2)}>
          Mostrar más ({items.length - limit} restantes)
        </Button>
      )}
    </Stack>
  );
}
