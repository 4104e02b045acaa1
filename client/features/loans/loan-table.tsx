import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { DataTable } from '../../ui/data-table';
import { loanColumns } from './loan-columns';
import type { LoanListRow } from './loan-list-rows';

/** The loans table (cards on phones) with each row's 'Detalles' button. */
export function LoanTable({
  rows,
  loading,
  emptyText,
  onDetails,
}: {
  rows: readonly LoanListRow[];
  loading: boolean;
  emptyText: string;
  onDetails: (id: number) => void;
}) {
  return (
    // Ten columns must fit beside the sidebar at 1280 px: headers, towns and names may wrap ('Monto con /
    // Interés'), which the shared table keeps on one line; dates and money stay unbroken (their own spans).
    <Box
      css={{
        '& th, & td': { whiteSpace: 'normal', paddingInline: '2' },
        '& th': { verticalAlign: 'bottom' },
      }}
    >
      <DataTable
        label="Lista de préstamos"
        testId="loans-table"
        columns={loanColumns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        emptyText={emptyText}
        actionsHeader=""
        actions={(r) => (
          <Button
            size={{ base: 'md', md: 'xs' }}
            minH={{ base: '11', md: 'auto' }}
            w={{ base: 'full', md: 'auto' }}
            variant="outline"
            aria-label={`Detalles del préstamo de ${r.clientName}`}
            onClick={() => onDetails(r.id)}
          >
            Detalles
          </Button>
        )}
      />
    </Box>
  );
}

/** SPEC §2 'Mostrando X de Y préstamos', and where the rows come from when it is not the device. */
export function LoanCountLine({ text, fromServer = false }: { text: string; fromServer?: boolean }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" data-testid="loan-count">
        {text}
      </Text>
      {fromServer && (
        <Badge colorPalette="blue" variant="outline">
          Resultados del servidor
        </Badge>
      )}
    </HStack>
  );
}
