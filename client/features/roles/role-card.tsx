import { Badge, Card, Flex, Heading, List, Text } from '@chakra-ui/react';
import type { Role } from '../../../shared/roles/types';
import { permissionCount } from './permission-count';

/** One role and what it may do: each permission's name with its Spanish description (docs/producto.md §2). */
export function RoleCard({ role, descriptions }: { role: Role; descriptions: Map<string, string> }) {
  return (
    <Card.Root variant="outline" bg="bg" data-testid={`role-card-${role.role_name}`}>
      <Card.Header px={{ base: '4', md: '5' }} pt={{ base: '4', md: '5' }} pb="0">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" overflowWrap="anywhere">
            {role.role_name}
          </Heading>
          <Badge colorPalette="teal" variant="subtle" size="md">
            {permissionCount(role.permissions.length)}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body px={{ base: '4', md: '5' }} pb={{ base: '4', md: '5' }} pt="3">
        <List.Root as="ul" listStyle="none" gap="2.5" aria-label={`Permisos de ${role.role_name}`}>
          {role.permissions.map((permission) => (
            <List.Item key={permission} display="block" data-testid="role-permission">
              <Text as="span" display="block" fontSize="xs" fontWeight="semibold" color="teal.800">
                {permission}
              </Text>
              <Text as="span" display="block" fontSize="sm" color="fg.muted">
                {descriptions.get(permission) ?? ''}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
