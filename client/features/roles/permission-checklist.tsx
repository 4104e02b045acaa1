import { Box, Checkbox, CheckboxGroup, Stack, Text } from '@chakra-ui/react';
import type { Permission } from '../../../shared/permissions';
import type { PermissionItem } from '../../../shared/roles/types';

/**
 * The permission catalogue as a checklist, name and description per row (docs/producto.md §2). Each row is a whole
 * label at least 44 px high, so a thumb can tick it on a phone (docs/arquitectura.md).
 */
export function PermissionChecklist({
  permissions,
  value,
  onChange,
  invalid,
}: {
  permissions: PermissionItem[];
  value: Permission[];
  onChange: (value: Permission[]) => void;
  invalid?: boolean;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      borderRadius="md"
      maxH={{ base: '44dvh', md: '72' }}
      overflowY="auto"
    >
      <CheckboxGroup
        value={value}
        onValueChange={(next) => onChange(next as Permission[])}
        invalid={invalid}
        aria-label="Permisos"
      >
        <Stack gap="0">
          {permissions.map((item) => (
            <Checkbox.Root
              key={item.permission}
              value={item.permission}
              alignItems="flex-start"
              minH="11"
              px="3"
              py="2.5"
              borderBottomWidth="1px"
              borderColor="border.muted"
              _last={{ borderBottomWidth: '0' }}
              _hover={{ bg: 'bg.muted' }}
              cursor="pointer"
              data-testid={`permission-option-${item.permission}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label flex="1" minW="0">
                <Text as="span" display="block" fontSize="sm" fontWeight="semibold">
                  {item.permission}
                </Text>
                <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
                  {item.description}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      </CheckboxGroup>
    </Box>
  );
}
