import { Box, Flex, useBreakpointValue } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { CobranzaWarmup } from '../features/cobranza/cobranza-warmup';
import { StorageClearedNotice } from '../features/sync/storage-cleared-notice';
import { LocalStoreProvider } from '../store/local-store-context';
import { CenteredSpinner } from '../ui/centered-spinner';
import { AppHeader } from './app-header';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';

/**
 * docs/producto.md §2 main layout: collapsible sidebar (drawer on phones), header, and the current screen, over the
 * signed-in user's local store and its sync engine.
 */
export function AppLayout() {
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // A phone turned to landscape (or a window widened) must not keep a drawer over the sidebar.
  useEffect(() => {
    if (isDesktop) setDrawerOpen(false);
  }, [isDesktop]);

  const toggle = () => (isDesktop ? setCollapsed((c) => !c) : setDrawerOpen((o) => !o));
  const menuLabel = isDesktop ? (collapsed ? 'Expandir menú' : 'Contraer menú') : 'Abrir menú';

  return (
    <LocalStoreProvider>
      <CobranzaWarmup />
      <Flex minH="100dvh" bg="bg.subtle">
        {/* One navigation at a time: a hidden sidebar's links re-rendered at every navigation on phones. */}
        {isDesktop ? (
          <Sidebar collapsed={collapsed} />
        ) : (
          <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} />
        )}
        <Flex direction="column" flex="1" minW="0">
          <AppHeader
            onToggleMenu={toggle}
            menuLabel={menuLabel}
            menuExpanded={isDesktop ? !collapsed : drawerOpen}
          />
          <Box
            as="main"
            flex="1"
            px={{ base: '3', md: '6' }}
            py={{ base: '4', md: '6' }}
            maxW="7xl"
            w="full"
            mx="auto"
          >
            <StorageClearedNotice />
            <Suspense fallback={<CenteredSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Flex>
      </Flex>
    </LocalStoreProvider>
  );
}
