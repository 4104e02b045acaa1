import { Box, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormField } from '../../ui/form-field';
import { ClientNameBadges } from './client-badges';
import { type ClientSuggestion, canSearch } from './client-suggestions';
import { t } from './new-loan-texts';

function SuggestionOption({
  id,
  client,
  active,
  onPick,
  onHover,
}: {
  id: string;
  client: ClientSuggestion;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    // The list is driven from the input (aria-activedescendant), so the options take no focus of their own.
    <Box
      as="li"
      id={id}
      role="option"
      aria-selected={active}
      minH="11"
      px="3"
      py="2"
      cursor="pointer"
      bg={active ? 'teal.subtle' : undefined}
      _hover={{ bg: active ? 'teal.subtle' : 'bg.muted' }}
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: '0' }}
      // Keeps the focus in the input, so a tap does not blur it and close the list before the click lands.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      onMouseEnter={onHover}
      data-testid="client-suggestion"
    >
      <ClientNameBadges client={client} />
      <Text fontSize="sm" color="fg.muted">
        {client.telefono} · {client.municipalityName}
      </Text>
    </Box>
  );
}

/**
 * docs/producto.md §2 client search as an ARIA combobox: up to 5 suggestions from 2 characters; arrows move, Enter
 * picks, Escape closes; a tap picks (each option is at least 44 px tall).
 */
export function ClientSearch({
  query,
  suggestions,
  error,
  autoFocus = false,
  onQueryChange,
  onPick,
}: {
  query: string;
  suggestions: readonly ClientSuggestion[];
  error: string | undefined;
  autoFocus?: boolean;
  onQueryChange: (query: string) => void;
  onPick: (client: ClientSuggestion) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(0);
  const searching = canSearch(query);
  const expanded = open && searching && suggestions.length > 0;
  const current = expanded ? Math.min(active, suggestions.length - 1) : -1;
  const optionId = (i: number) => `${listId}-opcion-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!searching || n === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(open ? (current + step + n) % n : 0);
      setOpen(true);
    } else if (e.key === 'Enter') {
      // Enter in the search never submits the form: it picks the highlighted client.
      e.preventDefault();
      const pick = suggestions[current];
      if (pick) onPick(pick);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <Stack gap="1">
      <FormField
        label={t.buscarCliente}
        error={error}
        required
        helperText={searching ? undefined : t.buscarAyuda}
      >
        <Box position="relative" w="full">
          <Input
            type="search"
            name="cliente"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            autoComplete="off"
            autoFocus={autoFocus}
            size={{ base: 'lg', md: 'md' }}
            placeholder={t.buscarPlaceholder}
            value={query}
            onChange={(e) => {
              onQueryChange(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <Box
            as="ul"
            id={listId}
            role="listbox"
            aria-label={t.buscarCliente}
            hidden={!expanded}
            position="absolute"
            top="calc(100% + 4px)"
            insetInline="0"
            zIndex="dropdown"
            bg="bg"
            borderWidth="1px"
            borderRadius="md"
            boxShadow="lg"
            listStyleType="none"
            overflow="hidden"
          >
            {suggestions.map((client, i) => (
              <SuggestionOption
                key={client.id}
                id={optionId(i)}
                client={client}
                active={i === current}
                onPick={() => onPick(client)}
                onHover={() => setActive(i)}
              />
            ))}
          </Box>
        </Box>
      </FormField>
      {searching && suggestions.length === 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="client-no-results">
          {t.sinResultados}
        </Text>
      )}
      <VisuallyHidden role="status">{searching ? t.resultados(suggestions.length) : ''}</VisuallyHidden>
    </Stack>
  );
}
