import { Button, Checkbox, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { LocalMunicipality } from '../../store/local-types';
import { historyTexts as t } from './history-texts';

/** The municipality chosen in the dropdown, applied with 'Filtrar'; '' is every municipality. */
export function HistoryFilters({
  municipalities,
  draft,
  onDraftChange,
  onApply,
  includeServer,
  onIncludeServerChange,
  online,
}: {
  municipalities: readonly LocalMunicipality[];
  draft: string;
  onDraftChange: (value: string) => void;
  onApply: () => void;
  includeServer: boolean;
  onIncludeServerChange: (value: boolean) => void;
  online: boolean;
}) {
  return (
    <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }}>
      <Flex
        as="form"
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="3"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <Field.Root flex="1" maxW={{ sm: 'sm' }}>
          <Field.Label>{t.municipio}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              name="municipality"
              value={draft}
              onChange={(event) => onDraftChange(event.target.value)}
              data-testid="history-municipality"
            >
              <option value="">{t.todos}</option>
              {municipalities.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" size="lg">
          {t.filtrar}
        </Button>
      </Flex>
      {online ? (
        <Checkbox.Root
          checked={includeServer}
          onCheckedChange={(details) => onIncludeServerChange(details.checked === true)}
          alignItems="flex-start"
          minH="11"
          py="2"
          data-testid="history-include-server"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>
            <Text as="span" display="block">
              {t.incluirServidor}
            </Text>
            <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
              {t.incluirServidorAyuda}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ) : (
        <Text color="orange.800" fontSize="sm" data-testid="history-offline">
          {t.sinConexion}
        </Text>
      )}
    </Stack>
  );
}
