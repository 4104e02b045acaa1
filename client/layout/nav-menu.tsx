import { Stack } from '@chakra-ui/react';
import { NavGroup } from './nav-group';
import { NavLinkItem } from './nav-link-item';
import { useNav } from './use-nav';

/** The links the user may open, shared by the desktop sidebar and the phone drawer. */
export function NavMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { links, groups } = useNav();
  return (
    <Stack as="nav" aria-label="Navegación principal" gap="1">
      {links.map((link) => (
        <NavLinkItem key={link.path} link={link} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
      {groups.map((group) => (
        <NavGroup key={group.id} group={group} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
