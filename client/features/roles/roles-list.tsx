import { EmptyState, SimpleGrid } from '@chakra-ui/react';
import type { Role } from '../../../shared/roles/types';
import { RoleCard } from './role-card';
import { roleTexts } from './role-texts';
import { RolesSkeleton } from './roles-skeleton';

/** The roles as cards: placeholders while the first list loads, and a hint to create one when empty. */
export function RolesList({
  roles,
  loading,
  descriptions,
}: {
  roles: readonly Role[] | null;
  loading: boolean;
  descriptions: Map<string, string>;
}) {
  if (!roles) return loading ? <RolesSkeleton /> : null;
  if (roles.length === 0)
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg" data-testid="roles-empty">
        <EmptyState.Content>
          <EmptyState.Title>{roleTexts.vacio}</EmptyState.Title>
          <EmptyState.Description>Cree el primero con «Nuevo Rol».</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="start" data-testid="roles-list">
      {roles.map((role) => (
        <RoleCard key={role.id} role={role} descriptions={descriptions} />
      ))}
    </SimpleGrid>
  );
}
