import { Badge, Button, Card, Collapsible, Flex, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { IconChevronDown } from './icons';

/**
 * docs/producto.md §2 collapsible filter panel: 'Filtros' folds the fields, a 'Filtros activos' badge shows while any is set
 * (visible folded too) and 'Limpiar Filtros' empties them. It opens by itself when the page arrives filtered (a
 * link, a reload), so the user sees why rows are missing.
 */
export function FilterPanel({
  active,
  onClear,
  columns,
  children,
}: {
  active: boolean;
  onClear: () => void;
  columns: SimpleGridProps['columns'];
  children: ReactNode;
}) {
  const [open, setOpen] = useState(active);
  return (
    <Card.Root variant="outline" bg="bg">
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Flex px={{ base: '3', md: '4' }} py="2" gap="3" align="center" wrap="wrap">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size={{ base: 'md', md: 'sm' }} minH={{ base: '11', md: 'auto' }} px="2">
              Filtros
              <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
                <IconChevronDown />
              </Collapsible.Indicator>
            </Button>
          </Collapsible.Trigger>
          {active && (
            <Badge colorPalette="teal" variant="solid" data-testid="filters-active">
              Filtros activos
            </Badge>
          )}
          <Button
            ms="auto"
            variant="outline"
            size={{ base: 'md', md: 'sm' }}
            minH={{ base: '11', md: 'auto' }}
            onClick={onClear}
            disabled={!active}
          >
            Limpiar Filtros
          </Button>
        </Flex>
        <Collapsible.Content>
          <SimpleGrid
            columns={columns}
            gap="4"
            px={{ base: '3', md: '4' }}
            pb="4"
            pt="2"
            borderTopWidth="1px"
          >
            {children}
          </SimpleGrid>
        </Collapsible.Content>
      </Collapsible.Root>
    </Card.Root>
  );
}
