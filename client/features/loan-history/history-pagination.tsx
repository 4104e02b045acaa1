import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { showingText } from './history-rows';
import { historyTexts as t } from './history-texts';

export interface PaginationState {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
}

/** 'Mostrando a de resultados' (docs/producto.md §2) with the previous and next page. */
export function HistoryPagination({
  pagination,
  onPage,
}: {
  pagination: PaginationState;
  onPage: (page: number) => void;
}) {
  const { page, pages } = pagination;
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      gap="3"
    >
      <Text color="fg.muted" fontSize="sm" data-testid="history-showing" aria-live="polite">
        {showingText(pagination)}
      </Text>
      {pages > 1 && (
        <HStack gap="2" justify={{ base: 'space-between', sm: 'flex-end' }}>
          <Button
            variant="outline"
            size={{ base: 'lg', md: 'sm' }}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t.anterior}
          </Button>
          <Text fontSize="sm" whiteSpace="nowrap">
            Página {page} de {pages}
          </Text>
          <Button
            variant="outline"
            size={{ base: 'lg', md: 'sm' }}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t.siguiente}
          </Button>
        </HStack>
      )}
    </Flex>
  );
}
