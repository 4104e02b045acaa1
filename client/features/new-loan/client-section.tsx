import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FlagSwitch } from '../../ui/flag-switch';
import type { FieldErrors } from '../../ui/use-schema-form';
import { ClientSearch } from './client-search';
import type { ClientSuggestion } from './client-suggestions';
import { FormSection } from './form-section';
import { NamesakeNotice } from './namesake-notice';
import { NewClientFields } from './new-client-fields';
import type { NewClientValues, NewLoanDraft } from './new-loan-draft';
import { t } from './new-loan-texts';
import { SelectedClient } from './selected-client';

/** The date and group follow the client's municipality: a new client clears their old messages. */
const DERIVED_FIELDS = ['fecha_inicio', 'grupo'];

/** docs/producto.md §2: an existing client (search) or a new one (inline form), and the terms its type gets. */
export function ClientSection({
  draft,
  errors,
  selected,
  suggestions,
  namesakes,
  municipalities,
  terms,
  onUpdate,
}: {
  draft: NewLoanDraft;
  errors: FieldErrors;
  selected: ClientSuggestion | null;
  suggestions: readonly ClientSuggestion[];
  /** Registered clients with the new client's name. */
  namesakes: readonly ClientSuggestion[];
  municipalities: readonly { id: number; name: string }[];
  /** 'Cliente coordinadora: 15 % de interés, 14 pagos', once the client's type is known. */
  terms: string | null;
  onUpdate: (patch: Partial<NewLoanDraft>, ...fields: string[]) => void;
}) {
  const isNew = draft.clientMode === 'new';
  // After 'Cambiar cliente' the search takes the focus; on the first visit it does not (a phone's keyboard).
  const [searchAgain, setSearchAgain] = useState(false);
  const changeNewClient = (patch: Partial<NewClientValues>, field: string) =>
    onUpdate({ newClient: { ...draft.newClient, ...patch } }, field, 'client_id', ...DERIVED_FIELDS);
  // What was typed for the new client stays in the draft: switching back brings it again.
  const pick = (client: ClientSuggestion) =>
    onUpdate(
      { clientMode: 'existing', clientId: client.id, clientQuery: client.nombre },
      'client_id',
      ...DERIVED_FIELDS,
    );
  return (
    <FormSection title={t.seccionCliente} testId="client-section">
      <FlagSwitch
        label={t.registrarNuevo}
        checked={isNew}
        onChange={(checked) =>
          onUpdate({ clientMode: checked ? 'new' : 'existing' }, 'client_id', ...DERIVED_FIELDS)
        }
      />
      {isNew ? (
        <>
          <NewClientFields
            values={draft.newClient}
            errors={errors}
            municipalities={municipalities}
            onChange={changeNewClient}
          />
          {namesakes.length > 0 && <NamesakeNotice clients={namesakes} onPick={pick} />}
          {errors.client_id && (
            <Text color="fg.error" fontSize="sm" data-testid="field-error">
              {errors.client_id}
            </Text>
          )}
        </>
      ) : selected ? (
        <SelectedClient
          client={selected}
          onChange={() => {
            setSearchAgain(true);
            onUpdate({ clientId: null }, 'client_id');
          }}
        />
      ) : (
        <ClientSearch
          query={draft.clientQuery}
          suggestions={suggestions}
          error={errors.client_id}
          autoFocus={searchAgain}
          onQueryChange={(clientQuery) => onUpdate({ clientQuery })}
          onPick={pick}
        />
      )}
      {terms && (
        <Text fontWeight="medium" color="teal.fg" data-testid="client-terms">
          {terms}
        </Text>
      )}
    </FormSection>
  );
}
