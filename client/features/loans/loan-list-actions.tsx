import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Permission } from '../../../shared/permissions';
import { findRoute } from '../../routes/registry';
import { useSession } from '../../session/use-session';
import { userCan } from '../../session/user-can';

export const SHEET_PATH = '/weekly-sheets';

/** Whether `to` has a screen today and the role may open it (the registry's rule for buttons). */
export function useCanOpen() {
  const { user } = useSession();
  return (to: string, permission?: Permission) => {
    const route = findRoute(to);
    return route !== undefined && userCan(user, route.permission) && userCan(user, permission);
  };
}

const size = { base: 'lg', md: 'md' } as const;

/**
 * docs/producto.md §2 buttons. 'Nuevo Préstamo' and 'Ver Historial de Créditos' show once their screens are registered
 * (client/routes/registry.ts), so no button ever leads nowhere. 'Generar Hoja de Cobro' asks for a municipality.
 */
export function LoanListActions({ onGenerateSheet }: { onGenerateSheet: () => void }) {
  const { user } = useSession();
  const canOpen = useCanOpen();
  const links: ReactNode[] = [];
  if (canOpen('/loans/new', 'PRESTAMOS_CREAR'))
    links.push(
      <Button key="new" asChild size={size}>
        <Link to="/loans/new">Nuevo Préstamo</Link>
      </Button>,
    );
  if (canOpen('/loans/import'))
    links.push(
      <Button key="import" asChild size={size} variant="outline">
        <Link to="/loans/import">Importar desde Excel</Link>
      </Button>,
    );
  if (canOpen('/loans/history'))
    links.push(
      <Button key="history" asChild size={size} variant="outline">
        <Link to="/loans/history">Ver Historial de Créditos</Link>
      </Button>,
    );
  return (
    <>
      {userCan(user, 'HOJAS_GENERAR') && (
        <Button size={size} variant="outline" onClick={onGenerateSheet}>
          Generar Hoja de Cobro
        </Button>
      )}
      {links}
    </>
  );
}
