import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { startTransition } from 'react';
import { Brand } from './brand';
import { LogoutButton } from './logout-button';
import { NavMenu } from './nav-menu';

/** The navigation on phones (< 768 px): a drawer from the start edge, closed after each navigation. */
export function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="mobile-nav">
            <Drawer.Header px="3">
              <Drawer.Title asChild>
                <div>
                  <Brand />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3">
              {/* Closed in the navigation's own transition: one render for both, instead of a render
                  and a frame for the drawer before the next screen's render. */}
              <NavMenu onNavigate={() => startTransition(() => onOpenChange(false))} />
            </Drawer.Body>
            <Drawer.Footer px="3" borderTopWidth="1px">
              <LogoutButton />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Cerrar menú" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
