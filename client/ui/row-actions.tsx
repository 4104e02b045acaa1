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
  const buttons = [
    { label: 'Editar', onClick: onEdit, colorPalette: undefined },
    { label: 'Eliminar', onClick: onDelete, colorPalette: 'red' },
  ];
  return (
    <HStack gap="2" justify="flex-end" w={{ base: 'full', md: 'auto' }} className="no-print">
      {buttons.map(
        ({ label, onClick, colorPalette }) =>
          onClick && (
            <Button
              key={label}
              size={{ base: 'md', md: 'sm' }}
              minH={{ base: '11', md: 'auto' }}
              flex={{ base: '1', md: 'initial' }}
              variant="outline"
              colorPalette={colorPalette}
              aria-label={`${label} ${name}`}
              onClick={onClick}
              disabled={disabled}
            >
              {label}
            </Button>
          ),
      )}
    </HStack>
  );
}
