import { Button, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useSession } from '../session/use-session';
import { IconLogout } from '../ui/icons';

/** 'Cerrar Sesión' (SPEC §2): revokes the refresh token, clears the session, and the guard shows /login. */
export function LogoutButton({ collapsed = false }: { collapsed?: boolean }) {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const logout = () => {
    setBusy(true);
    // No reset afterwards: the button unmounts when the session is gone.
    void signOut();
  };
  return (
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
      onClick={logout}
      data-testid="logout-button"
    >
      <chakra.span fontSize="xl" display="inline-flex">
        <IconLogout />
      </chakra.span>
      {!collapsed && 'Cerrar Sesión'}
    </Button>
  );
}
