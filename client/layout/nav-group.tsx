import { Box, Button, chakra, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { IconChevronDown, navIcons } from '../ui/icons';
import { NavLinkItem } from './nav-link-item';
import type { NavGroupModel } from './use-nav';

/**
 * An expandable sidebar group ('Reportes Financieros', docs/producto.md §2). Renders nothing until one of its screens
 * exists and the role allows it; opens by itself when the current page is inside it.
 */
export function NavGroup({
  group,
  collapsed = false,
  onNavigate,
}: {
  group: NavGroupModel;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const containsCurrent = group.links.some((l) => pathname.startsWith(l.path));
  const [open, setOpen] = useState(containsCurrent);
  const panelId = useId();
  if (group.links.length === 0) return null;
  const Icon = navIcons[group.icon];
  const expanded = open || containsCurrent;

  return (
    <Box>
      <Button
        variant="ghost"
        w="full"
        minH={{ base: '11', md: '9' }}
        px="3"
        gap="3"
        justifyContent={collapsed ? 'center' : 'flex-start'}
        color="fg.muted"
        fontWeight="medium"
        aria-expanded={expanded}
        aria-controls={panelId}
        aria-label={collapsed ? group.label : undefined}
        title={collapsed ? group.label : undefined}
        onClick={() => setOpen(!expanded)}
        data-testid={`nav-group-${group.id}`}
      >
        <chakra.span fontSize="xl" display="inline-flex">
          <Icon />
        </chakra.span>
        {!collapsed && (
          <>
            <chakra.span flex="1" textAlign="start" truncate>
              {group.label}
            </chakra.span>
            <chakra.span
              display="inline-flex"
              transform={expanded ? 'rotate(180deg)' : undefined}
              transition="transform 0.15s"
            >
              <IconChevronDown />
            </chakra.span>
          </>
        )}
      </Button>
      <Stack id={panelId} gap="1" mt="1" hidden={!expanded}>
        {group.links.map((link) => (
          <NavLinkItem key={link.path} link={link} collapsed={collapsed} indent onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}
