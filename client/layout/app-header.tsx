import { Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSession } from '../session/use-session';
import { IconMenu } from '../ui/icons';
import { SyncIndicator } from './sync-indicator';

/** Top bar: the menu toggle (drawer on phones, collapse on desktop), the sync state and who is signed in. */
export function AppHeader({
  onToggleMenu,
  menuLabel,
  menuExpanded,
}: {
  onToggleMenu: () => void;
  menuLabel: string;
  menuExpanded: boolean;
}) {
  const { user } = useSession();
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      align="center"
      gap="3"
      minH="14"
      px={{ base: '2', md: '4' }}
      pt="env(safe-area-inset-top)"
      bg="bg"
      borderBottomWidth="1px"
    >
      <IconButton
        variant="ghost"
        size="md"
        fontSize="xl"
        aria-label={menuLabel}
        title={menuLabel}
        aria-expanded={menuExpanded}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      >
        <IconMenu />
      </IconButton>
      <SyncIndicator />
      <Stack gap="0" ms="auto" textAlign="end" minW="0" data-testid="header-user">
        <Text fontWeight="semibold" truncate>
          {user?.name}
        </Text>
        {user?.account_name && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {user.account_name}
          </Text>
        )}
      </Stack>
    </Flex>
  );
}
