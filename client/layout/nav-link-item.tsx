import { chakra } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { appRoutes } from '../routes/registry';
import { navIcons } from '../ui/icons';
import type { NavLinkModel } from './use-nav';

const StyledNavLink = chakra(NavLink);

/** A link whose screen has sub-screens with links of their own ('/sync' and '/sync/conflicts') is current only on its own path. */
const hasNavChildren = (path: string) => appRoutes.some((r) => r.nav && r.path.startsWith(`${path}/`));

/** One sidebar link; icon only when the sidebar is collapsed (the label stays as its accessible name). */
export function NavLinkItem({
  link,
  collapsed = false,
  indent = false,
  onNavigate,
}: {
  link: NavLinkModel;
  collapsed?: boolean;
  indent?: boolean;
  onNavigate?: () => void;
}) {
  const Icon = navIcons[link.icon];
  return (
    <StyledNavLink
      to={link.path}
      end={hasNavChildren(link.path)}
      onClick={onNavigate}
      title={collapsed ? link.label : undefined}
      aria-label={collapsed ? link.label : undefined}
      display="flex"
      alignItems="center"
      gap="3"
      minH={{ base: '11', md: '9' }}
      px="3"
      ps={indent && !collapsed ? '9' : '3'}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      borderRadius="md"
      color="fg.muted"
      fontWeight="medium"
      textDecoration="none"
      _hover={{ bg: 'teal.50', color: 'teal.800' }}
      _currentPage={{ bg: 'teal.100', color: 'teal.900', fontWeight: 'semibold' }}
      focusRing="outside"
      data-testid={`nav-${link.path}`}
    >
      <chakra.span fontSize="xl" flexShrink={0} display="inline-flex">
        <Icon />
      </chakra.span>
      {!collapsed && <chakra.span truncate>{link.label}</chakra.span>}
    </StyledNavLink>
  );
}
