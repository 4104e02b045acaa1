import { Box, Flex, Separator } from '@chakra-ui/react';
import { Brand } from './brand';
import { LogoutButton } from './logout-button';
import { NavMenu } from './nav-menu';

export const SIDEBAR_WIDTH = '280px';
export const SIDEBAR_COLLAPSED_WIDTH = '72px';

/** The desktop sidebar (≥ 768 px); collapsed, it keeps only the icons. Phones use MobileNav instead. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  return (
    <Flex
      as="aside"
      display={{ base: 'none', md: 'flex' }}
      direction="column"
      position="sticky"
      top="0"
      h="100dvh"
      w={collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH}
      flexShrink={0}
      bg="bg"
      borderEndWidth="1px"
      transition="width 0.2s"
      px="3"
      py="3"
      gap="3"
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <Brand collapsed={collapsed} />
      <Separator />
      <Box flex="1" overflowY="auto" overflowX="hidden">
        <NavMenu collapsed={collapsed} />
      </Box>
      <Separator />
      <LogoutButton collapsed={collapsed} />
    </Flex>
  );
}
