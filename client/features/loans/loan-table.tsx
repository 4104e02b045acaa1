import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { DataTable } from '../../ui/data-table';
import { loanColumns } from './loan-columns';
import type { LoanListRow } from './loan-list-rows';
import './loan-table.css';

/**
 * The loans table (cards on phones) with each row's 'Detalles' button and, where the device can record a
 * payment, 'Registrar abono' (opens the detail with the next row's edit open).
 */
export function LoanTable({
  rows,
  loading,
  emptyText,
  onDetails,
  onRegister,
}: {
  rows: readonly LoanListRow[];
  loading: boolean;
  emptyText: string;
  onDetails: (id: number) => void;
  onRegister?: (id: number) => void;
}) {
  return (
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
        <div className="loan-row-actions">
          {onRegister && r.status !== 'Pagado' && (
            <Button
              size={{ base: 'md', md: 'xs' }}
              minH={{ base: '11', md: 'auto' }}
              flex={{ base: '1', md: 'none' }}
              colorPalette="teal"
              aria-label={`Registrar abono de ${r.clientName}`}
              onClick={() => onRegister(r.id)}
            >
              Registrar abono
            </Button>
          )}
          <Button
            size={{ base: 'md', md: 'xs' }}
            minH={{ base: '11', md: 'auto' }}
            flex={{ base: '1', md: 'none' }}
            variant="outline"
            aria-label={`Detalles del préstamo de ${r.clientName}`}
            onClick={() => onDetails(r.id)}
          >
            Detalles
          </Button>
        </div>
      )}
    />
  );
}

/** docs/producto.md §2 'Mostrando X de Y préstamos', and where the rows come from when it is not the device. */
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
