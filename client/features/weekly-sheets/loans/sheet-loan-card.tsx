import { Box, Button, Card, Flex, Link, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { businessToday, dateInTimeZone } from '../../../../shared/dates';
import { formatCents, formatMoney } from '../../../../shared/money';
import type { LocalWeeklySheet } from '../../../store/local-types';
import { PaymentHistory } from '../../loans/payment-history';
import { usePaymentRowEdit } from '../../loans/use-payment-row-edit';
import { visitLine } from '../../visits/loan-visits';
import { useLoanVisits } from '../../visits/use-loan-visits';
import { sheetLoanCollected } from './sheet-totals';
import type { SheetLoanItem } from './use-sheet-loans';

/** The loan's schedule with inline edit: the loan detail's own table and payment path. */
function LoanPayments({ item, canEdit }: { item: SheetLoanItem; canEdit: boolean }) {
  const editor = usePaymentRowEdit(item.detail);
  return (
    <PaymentHistory
      rows={editor.shown.rows}
      abono={item.detail.loan.abono}
      sync={editor.shown.sync}
      editor={editor}
      canEdit={canEdit}
    />
  );
}

/** The visits without payment since the sheet was taken: the office sees who was visited and what was promised. */
function SheetWeekVisits({ loanId, since }: { loanId: number; since: string }) {
  const visits = useLoanVisits(loanId, 'device').filter((v) => v.fecha >= since);
  if (visits.length === 0) return null;
  return (
    <Stack gap="0" data-testid="sheet-loan-visits">
      {visits.map((v) => (
        <Text key={v.key} fontSize="sm" color="purple.700">
          Visita: {visitLine(v)}
        </Text>
      ))}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold">{value}</Text>
    </Stack>
  );
}

/** docs/producto.md §2 loan card: reference, group, client and phone, amounts, balance and progress; expands to the rows. */
export const SheetLoanCard = memo(function SheetLoanCard({
  item,
  sheet,
  canEdit,
}: {
  item: SheetLoanItem;
  sheet: Pick<LocalWeeklySheet, 'coverage_week' | 'coverage_week_end'>;
  canEdit: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { loan, client } = item.detail;
  const { sheetLoan } = item;
  // What the sheet took (its file prints the same) and what the loan's payments dated in the week brought.
  const { cobrado } = sheetLoanCollected(sheet, sheetLoan, item.payments, businessToday());
  const progress = loan.total_pagos > 0 ? Math.min(100, (loan.num_pago / loan.total_pagos) * 100) : 0;
  return (
    <Card.Root variant="outline" data-testid="sheet-loan-card" data-loan-reference={loan.loan_reference}>
      <Card.Body p={{ base: '3', md: '4' }} gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="bold">{client?.nombre ?? 'Cliente no disponible'}</Text>
            <Text fontSize="sm" color="fg.muted">
              {loan.loan_reference} · Grupo {loan.grupo}
            </Text>
          </Stack>
          {client?.telefono && (
            <Link
              href={`tel:${client.telefono}`}
              color="teal.700"
              minH="11"
              display="inline-flex"
              alignItems="center"
            >
              {client.telefono}
            </Link>
          )}
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
          <Figure label="Monto total" value={formatMoney(loan.monto_con_interes)} />
          <Figure label="Abono" value={formatMoney(loan.abono)} />
          <Figure label="Saldo a liquidar" value={formatMoney(sheetLoan.saldo_a_liquidar)} />
          <Figure label="Adeudo" value={formatMoney(sheetLoan.adeudo ?? 0)} />
          <Figure label="A cobrar en la hoja" value={formatMoney(sheetLoan.monto_esperado)} />
          <Figure label="Cobrado en la semana" value={formatCents(cobrado)} />
        </SimpleGrid>
        <Box>
          <Flex justify="space-between" fontSize="sm" mb="1">
            <Text color="fg.muted">Progreso</Text>
            <Text>
              {loan.num_pago} / {loan.total_pagos}
            </Text>
          </Flex>
          <Progress.Root
            value={progress}
            size="sm"
            colorPalette="teal"
            aria-label={`Progreso ${loan.num_pago} de ${loan.total_pagos}`}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
        {/* The business day the sheet was taken: from 18:00 in Mexico the UTC date is already tomorrow's. */}
        <SheetWeekVisits loanId={loan.id} since={dateInTimeZone(new Date(item.sheetLoan.created_at))} />
        <Button
          variant="outline"
          size={{ base: 'lg', md: 'sm' }}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Ocultar pagos' : 'Ver pagos'}
        </Button>
        {open && <LoanPayments item={item} canEdit={canEdit} />}
      </Card.Body>
    </Card.Root>
  );
});
