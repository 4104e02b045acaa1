import { Field, NativeSelect } from '@chakra-ui/react';
import type { Account } from '../../../shared/accounts/types';

/**
 * For CUENTAS_GESTIONAR only: whose roles are shown and where 'Nuevo Rol' creates one, so a new account
 * can get the roles its first users need (docs/arquitectura.md: only that permission acts across accounts).
 */
export function RoleAccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: Account[];
  value: number;
  onChange: (accountId: number) => void;
}) {
  return (
    <Field.Root maxW={{ base: 'full', md: 'xs' }}>
      <Field.Label>Cuenta</Field.Label>
      <NativeSelect.Root size="lg" bg="bg">
        <NativeSelect.Field
          name="account"
          value={String(value)}
          onChange={(event) => onChange(Number(event.target.value))}
          data-testid="roles-account"
        >
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
