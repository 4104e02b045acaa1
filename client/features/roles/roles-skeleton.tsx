import { Card, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder cards while the roles load, in the same grid as the real ones. */
export function RolesSkeleton() {
  return (
    <SimpleGrid
      columns={{ base: 1, md: 2, xl: 3 }}
      gap="4"
      aria-busy="true"
      aria-label="Cargando roles"
      data-testid="roles-skeleton"
    >
      {[0, 1, 2].map((key) => (
        <Card.Root key={key} variant="outline" bg="bg">
          <Card.Body p="5" gap="4">
            <Skeleton h="5" w="50%" />
            <Stack gap="3">
              <Skeleton h="3" w="40%" />
              <Skeleton h="3" w="85%" />
              <Skeleton h="3" w="35%" />
              <Skeleton h="3" w="75%" />
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
