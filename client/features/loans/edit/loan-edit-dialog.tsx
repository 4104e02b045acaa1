import { Alert, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { editLoanMessages as e } from '../../../../shared/loans/edit-loan-messages';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import type { EditDialog } from '../../../ui/use-edit-dialog';
import { GuaranteeFields } from '../../new-loan/guarantee-fields';
import { useLoanCatalog } from '../../new-loan/use-loan-catalog';
import type { EditableLoan, LoanEditForm } from './use-loan-edit-dialog';

/**
 * The 'Editar Préstamo' modal. Aval, guarantees, group and notes can always change; the amount, method and
 * start date only while no payment is recorded, otherwise they are shown locked with the reason.
 */
export function LoanEditDialog({ dialog }: { dialog: EditDialog<EditableLoan, LoanEditForm, unknown> }) {
  const { form, editing } = dialog;
  const { values, errors, setValue } = form;
  const { catalog } = useLoanCatalog();
  const locked = editing?.hasPayments ?? true;
  const garantias = values.garantias;
  return (
    <FormDialog
      open={dialog.open}
      title={editing ? `Editar Préstamo ${editing.loan.loan_reference}` : 'Editar Préstamo'}
      size="lg"
      busy={dialog.busy}
      formError={dialog.formError ?? errors._}
      onSubmit={dialog.submit}
      onClose={dialog.close}
      testId="loan-edit-dialog"
    >
      {locked && (
        <Alert.Root status="info" borderRadius="md" data-testid="money-locked">
          <Alert.Indicator />
          <Alert.Description>{e.conPagos}</Alert.Description>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <FormField label="Monto del crédito" error={errors.monto_credito} disabled={locked}>
          <Input
            name="monto_credito"
            inputMode="decimal"
            value={values.monto_credito}
            onChange={(ev) => setValue('monto_credito', ev.target.value)}
          />
        </FormField>
        <FormField label="Modalidad de pago" error={errors.payment_method_id} disabled={locked}>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="payment_method_id"
              value={values.payment_method_id}
              onChange={(ev) => setValue('payment_method_id', ev.target.value)}
            >
              {catalog.methods.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.modalidad_pago}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Fecha de inicio" error={errors.fecha_inicio} disabled={locked}>
          <Input
            type="date"
            name="fecha_inicio"
            value={values.fecha_inicio}
            onChange={(ev) => setValue('fecha_inicio', ev.target.value)}
          />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <FormField label="Grupo" error={errors.grupo} required>
          <Input
            name="grupo"
            inputMode="numeric"
            value={values.grupo}
            onChange={(ev) => setValue('grupo', ev.target.value)}
          />
        </FormField>
        <FormField label="Nombre del aval" error={errors.nombre_aval}>
          <Input
            name="nombre_aval"
            autoComplete="off"
            value={values.nombre_aval}
            onChange={(ev) => setValue('nombre_aval', ev.target.value)}
          />
        </FormField>
        <FormField label="Teléfono del aval" error={errors.telefono_aval}>
          <Input
            name="telefono_aval"
            inputMode="tel"
            autoComplete="off"
            value={values.telefono_aval}
            onChange={(ev) => setValue('telefono_aval', ev.target.value)}
          />
        </FormField>
      </SimpleGrid>
      <GuaranteeFields
        garantias={garantias}
        errors={errors}
        onChange={(i, text) =>
          setValue(
            'garantias',
            garantias.map((g, j) => (j === i ? text : g)),
          )
        }
        onAdd={() => setValue('garantias', [...garantias, ''])}
        onRemove={(i) =>
          setValue(
            'garantias',
            garantias.filter((_, j) => j !== i),
          )
        }
      />
      <FormField label="Notas" error={errors.notas} helperText="Máximo 500 caracteres">
        <Textarea
          name="notas"
          rows={3}
          value={values.notas}
          onChange={(ev) => setValue('notas', ev.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
