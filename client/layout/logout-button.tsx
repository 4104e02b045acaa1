import { Button, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useSession } from '../session/use-session';
import { useSyncStatus } from '../sync/use-sync-status';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { IconLogout } from '../ui/icons';

export const pendingSignOutText = (n: number) =>
  `Hay ${n} ${n === 1 ? 'cambio' : 'cambios'} en este teléfono que aún no ${n === 1 ? 'llega' : 'llegan'} al servidor. ` +
  'Se conservan y se enviarán cuando este mismo usuario vuelva a iniciar sesión (también sin señal). ¿Cerrar sesión?';

/**
 * 'Cerrar Sesión' (docs/producto.md §2): revokes the refresh token, clears the session, and the guard shows
 * /login. With entries still on the phone it asks first and says how many (decision 010).
 */
export function LogoutButton({ collapsed = false }: { collapsed?: boolean }) {
  const { signOut } = useSession();
  const { pending } = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const logout = () => {
    setBusy(true);
    // No reset afterwards: the button unmounts when the session is gone.
    void signOut();
  };
  return (
    <>
      <Button
        variant="ghost"
        colorPalette="red"
        w="full"
        minH="11"
        px="3"
        gap="3"
        justifyContent={collapsed ? 'center' : 'flex-start'}
        aria-label={collapsed ? 'Cerrar Sesión' : undefined}
        title={collapsed ? 'Cerrar Sesión' : undefined}
        disabled={busy}
        onClick={() => (pending > 0 ? setAsking(true) : logout())}
        data-testid="logout-button"
      >
        <chakra.span fontSize="xl" display="inline-flex">
          <IconLogout />
        </chakra.span>
        {!collapsed && 'Cerrar Sesión'}
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cambios sin enviar"
        message={pendingSignOutText(pending)}
        confirmLabel="Cerrar sesión"
        busyLabel="Cerrando sesión..."
        busy={busy}
        onConfirm={logout}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
