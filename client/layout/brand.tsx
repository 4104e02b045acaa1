import { chakra, HStack, Text } from '@chakra-ui/react';
import { IconCoin } from '../ui/icons';

/** The app mark and name at the top of the sidebar and the drawer. */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <HStack
      gap="2"
      color="teal.800"
      justify={collapsed ? 'center' : 'flex-start'}
      minH="11"
      px={collapsed ? '0' : '2'}
    >
      <chakra.span fontSize="2xl" display="inline-flex" color="teal.700">
        <IconCoin />
      </chakra.span>
      {!collapsed && (
        <Text fontWeight="bold" fontSize="sm" lineHeight="short">
          Sistema de Préstamos
        </Text>
      )}
    </HStack>
  );
}
