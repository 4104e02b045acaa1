import { Tag, Text, Wrap } from '@chakra-ui/react';
import type { Permission } from '../../../shared/permissions';
import { permissionCount } from './permission-count';

/** The chosen permissions as removable chips, with their count (docs/producto.md §2). */
export function SelectedPermissionChips({
  selected,
  onRemove,
}: {
  selected: Permission[];
  onRemove: (permission: Permission) => void;
}) {
  return (
    <>
      <Text fontSize="sm" color="fg.muted" data-testid="selected-permissions-count" aria-live="polite">
        {permissionCount(selected.length, 'seleccionado')}
      </Text>
      {selected.length > 0 && (
        <Wrap gap="2" data-testid="selected-permissions">
          {selected.map((permission) => (
            <Tag.Root
              key={permission}
              size="lg"
              colorPalette="teal"
              variant="subtle"
              borderRadius="full"
              maxW="full"
              minH={{ base: '11', md: '8' }}
              ps="3"
              pe="0.5"
              data-testid={`chip-${permission}`}
            >
              <Tag.Label>{permission}</Tag.Label>
              <Tag.EndElement ms="1" me="0" boxSize="auto">
                {/* Phones get a 44 px round hit area inside the chip (docs/arquitectura.md); desktops a small one. */}
                <Tag.CloseTrigger
                  aria-label={`Quitar ${permission}`}
                  onClick={() => onRemove(permission)}
                  boxSize={{ base: '10', md: '7' }}
                  borderRadius="full"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  _hover={{ bg: 'colorPalette.muted' }}
                  _icon={{ boxSize: '4' }}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
    </>
  );
}
