import { Alert, Button, Card, chakra, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { receiptMessages } from '../../../shared/cash-counts/messages';
import type { ReceiptLookup } from '../../../shared/cash-counts/types';
import { formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { parseReceiptNumber } from '../../../shared/receipts/receipt-number';
import { MUTATION } from '../../../shared/sync/types';
import { apiGet } from '../../session/api-client';
import { ApiError } from '../../session/api-error';

const ACTION_TEXT: Record<string, string> = {
  [MUTATION.paymentRecord]: 'Pago',
  [MUTATION.paymentCorrect]: 'Corrección de pago',
  [MUTATION.visitCreate]: 'Visita sin pago',
  [MUTATION.cashCountCreate]: 'Corte de caja',
};

/** 'Buscar recibo': the number a client shows from WhatsApp leads to the payment behind it. */
export function ReceiptSearch() {
  const [text, setText] = useState('');
  const [found, setFound] = useState<ReceiptLookup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const numero = parseReceiptNumber(text);
    if (!numero) {
      setError(receiptMessages.numeroInvalido);
      setFound(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setFound((await apiGet<{ data: ReceiptLookup[] }>(`recibos/${numero}`)).data);
    } catch (err) {
      setFound(null);
      setError(err instanceof ApiError ? err.message : receiptMessages.noEncontrado);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root variant="outline" className="no-print">
      <Card.Body gap="3">
        <chakra.form onSubmit={search} noValidate aria-label="Buscar recibo">
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            <Input
              size={{ base: 'lg', md: 'md' }}
              aria-label="Número de recibo"
              placeholder="Número de recibo (R-XXXX-XXXX)"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxW={{ sm: 'xs' }}
            />
            <Button type="submit" size={{ base: 'lg', md: 'md' }} loading={busy}>
              Buscar recibo
            </Button>
          </Flex>
        </chakra.form>
        {error && (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {found && (
          <Stack gap="2" data-testid="receipt-result">
            {found.map((r) => (
              <Text key={`${r.entity}-${r.entity_id}`}>
                <strong>{r.recibo}</strong> · {ACTION_TEXT[r.action] ?? r.action}
                {r.loan_reference ? ` · ${r.loan_reference}` : ''}
                {r.client_nombre ? ` · ${r.client_nombre}` : ''}
                {r.monto !== null ? ` · ${formatMoney(r.monto)}` : ''}
                {r.numero_pago ? ` · pago ${r.numero_pago}` : ''} · {r.user_name ?? 'Usuario'} ·{' '}
                {formatDateTime(r.client_time ?? r.server_time)}
              </Text>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
