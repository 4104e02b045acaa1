import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { type PageInfo, paginationText } from './pagination';

/** docs/producto.md §2: 'Mostrando a a b de N resultados' with previous / next (44 px on phones). */
export function ListPagination({ info, onPage }: { info: PageInfo; onPage: (page: number) => void }) {
  if (info.totalItems === 0) return null;
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      gap="3"
    >
      <Text fontSize="sm" color="fg.muted" data-testid="pagination-text">
        {paginationText(info)}
      </Text>
      <HStack gap="2">
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          flex={{ base: '1', sm: 'initial' }}
          onClick={() => onPage(info.page - 1)}
          disabled={info.page <= 1}
        >
          Anterior
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap" aria-live="polite">
          Página {info.page} de {info.totalPages}
        </Text>
        <Button
          variant="outline"
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          flex={{ base: '1', sm: 'initial' }}
          onClick={() => onPage(info.page + 1)}
          disabled={info.page >= info.totalPages}
        >
          Siguiente
        </Button>
      </HStack>
    </Flex>
  );
}
