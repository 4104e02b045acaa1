import { Button } from '@chakra-ui/react';
import { useSession } from '../../../session/use-session';
import { userCan } from '../../../session/user-can';
import { useLoanDetail } from '../use-loan-detail';
import { LoanEditDialog } from './loan-edit-dialog';
import { useLoanEditDialog } from './use-loan-edit-dialog';

/** The detail modal's 'Editar Préstamo' (docs/producto.md §2), for roles that may create loans (PRESTAMOS_CREAR). */
export function EditLoanButton({ loanId }: { loanId: number }) {
  const { user } = useSession();
  const { detail } = useLoanDetail(loanId);
  const dialog = useLoanEditDialog();
  if (!userCan(user, 'PRESTAMOS_CREAR') || !detail) return null;
  const hasPayments = detail.rows.some((r) => r.pagada || r.renovo || r.parcial > 0);
  return (
    <>
      <Button
        size={{ base: 'lg', md: 'md' }}
        w={{ base: 'full', md: 'auto' }}
        onClick={() => dialog.openEdit({ loan: detail.loan, hasPayments })}
        data-testid="edit-loan"
      >
        Editar Préstamo
      </Button>
      <LoanEditDialog dialog={dialog} />
    </>
  );
}
