import { Text } from '@chakra-ui/react';
import type { CashCount } from '../../../shared/cash-counts/types';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { DataTableColumn } from '../../ui/data-table';

/** A negative difference is money missing: red, and said in words for those who cannot see the colour. */
export function DifferenceAmount({ value }: { value: number }) {
  const text = value < 0 ? ' (faltante)' : value > 0 ? ' (sobrante)' : '';
  return (
    <Text
      as="span"
      color={value < 0 ? 'red.700' : value > 0 ? 'orange.700' : undefined}
      fontWeight="semibold"
    >
      {formatMoney(value)}
      {text}
    </Text>
  );
}

export const cashCountColumns: DataTableColumn<CashCount>[] = [
  { key: 'fecha', header: 'Fecha', render: (c) => formatDate(c.fecha) },
  { key: 'cobrador', header: 'Cobrador', cardTitle: true, render: (c) => c.user_name },
  { key: 'registrado', header: 'Registrado', align: 'end', render: (c) => formatMoney(c.registrado) },
  { key: 'contado', header: 'Contado', align: 'end', render: (c) => formatMoney(c.contado) },
  {
    key: 'diferencia',
    header: 'Diferencia',
    align: 'end',
    render: (c) => <DifferenceAmount value={c.diferencia} />,
  },
  { key: 'nota', header: 'Nota', render: (c) => c.nota ?? '—' },
  { key: 'recibo', header: 'Recibo', hideOnMobile: true, render: (c) => c.receipt_number },
  {
    key: 'enviado',
    header: 'Recibido',
    hideOnMobile: true,
    render: (c) => formatDateTime(c.created_at),
  },
];
