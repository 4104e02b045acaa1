import { Input, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { addDays, type IsoDate } from '../../../shared/dates';
import { MAX_NOTA_VISITA } from '../../../shared/visits/schemas';
import { MOTIVO_VISITA_TEXTO, MOTIVOS_VISITA, type MotivoVisita } from '../../../shared/visits/types';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import type { CardModel } from './cobranza-model';

export interface VisitForm {
  motivo: MotivoVisita | '';
  fecha_promesa: IsoDate | null;
  nota: string | null;
}

/** 'No pagó': why, a promise date or a note; the shared schema decides and its message shows on the field. */
export function VisitDialog({
  card,
  today,
  onClose,
  onSubmit,
}: {
  card: CardModel | null;
  today: IsoDate;
  onClose: () => void;
  /** Answers the field and message of a refusal, or null when recorded. */
  onSubmit: (card: CardModel, form: VisitForm) => Promise<{ field?: string; message: string } | null>;
}) {
  const [form, setForm] = useState<VisitForm>({ motivo: '', fecha_promesa: null, nota: null });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setForm({ motivo: '', fecha_promesa: null, nota: null });
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!card) return;
    setBusy(true);
    const refusal = await onSubmit(card, form);
    setBusy(false);
    if (refusal) setError(refusal);
    else close();
  };
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <FormDialog
      open={card !== null}
      title={card ? `No pagó: ${card.clientName}` : 'No pagó'}
      submitLabel="Guardar visita"
      busy={busy}
      requiresOnline={false}
      formError={
        error && !['motivo', 'fecha_promesa', 'nota'].includes(error.field ?? '') ? error.message : null
      }
      onSubmit={() => void submit()}
      onClose={close}
      testId="visit-dialog"
    >
      <FormField label="Motivo" error={errorOf('motivo')} required>
        <RadioGroup.Root
          value={form.motivo}
          onValueChange={(d) => {
            setForm((f) => ({
              ...f,
              motivo: d.value as MotivoVisita,
              fecha_promesa: d.value === 'PROMESA' ? (f.fecha_promesa ?? addDays(today, 7)) : null,
            }));
            setError(null);
          }}
        >
          <Stack gap="1">
            {MOTIVOS_VISITA.map((motivo) => (
              <RadioGroup.Item key={motivo} value={motivo} minH="11">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{MOTIVO_VISITA_TEXTO[motivo]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </FormField>
      {form.motivo === 'PROMESA' && (
        <FormField label="Fecha de la promesa" error={errorOf('fecha_promesa')} required>
          <Input
            type="date"
            size="lg"
            min={today}
            value={form.fecha_promesa ?? ''}
            onChange={(e) => setForm((f) => ({ ...f, fecha_promesa: e.target.value || null }))}
          />
        </FormField>
      )}
      <FormField label="Nota" error={errorOf('nota')} required={form.motivo === 'OTRO'}>
        <Textarea
          maxLength={MAX_NOTA_VISITA}
          value={form.nota ?? ''}
          onChange={(e) => setForm((f) => ({ ...f, nota: e.target.value }))}
        />
      </FormField>
    </FormDialog>
  );
}
