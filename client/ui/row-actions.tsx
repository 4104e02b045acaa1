import { Button, HStack } from '@chakra-ui/react';

/**
 * The 'Editar' / 'Eliminar' pair of a table row or phone card. `name` goes into the accessible names
 * ('Editar Juan Pérez') so a screen reader, and a test, can tell the rows apart. 44 px tall on phones;
 * left out of a printed list.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  disabled = false,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  disabled?: boolean;
}) {
  return (
    <HStack gap="2" justify="flex-end" w={{ base: 'full', md: 'auto' }} className="no-print">
      {onEdit && (
        <Button
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          flex={{ base: '1', md: 'initial' }}
          variant="outline"
          aria-label={`Editar ${name}`}
          onClick={onEdit}
          disabled={disabled}
        >
          Editar
        </Button>
      )}
      {onDelete && (
        <Button
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          flex={{ base: '1', md: 'initial' }}
          variant="outline"
          colorPalette="red"
          aria-label={`Eliminar ${name}`}
          onClick={onDelete}
          disabled={disabled}
        >
          Eliminar
        </Button>
      )}
    </HStack>
  );
}
