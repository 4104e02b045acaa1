import { Badge } from '@chakra-ui/react';
import type { LoanStatus } from '../../../shared/loans/derived';

const PALETTE: Record<LoanStatus, string> = { Pagado: 'green', Vencido: 'red', Activo: 'blue' };

/** docs/producto.md §4 loan status: Pagado, Vencido or Activo. */
export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-testid="loan-status">
      {status}
    </Badge>
  );
}

/** 'N pendientes' (docs/producto.md §2), nothing when none are left. */
export const pendingText = (n: number): string | null =>
  n <= 0 ? null : `${n} ${n === 1 ? 'pendiente' : 'pendientes'}`;
