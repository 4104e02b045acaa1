import { Text } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import type { CollectionRateRow } from '../../../../shared/reports/types';
import type { DataTableColumn } from '../../../ui/data-table';

/** A collection rate: below 80 % in red, from 100 % in teal; '—' when nothing was due. */
export function RateText({ rate }: { rate: number | null }) {
  if (rate === null)
    return (
      <Text as="span" color="fg.muted">
        —
      </Text>
    );
  const color = rate < 80 ? 'red.700' : rate >= 100 ? 'teal.700' : 'orange.700';
  return (
    <Text as="span" color={color} fontWeight="semibold">
      {rate.toFixed(1)}%
    </Text>
  );
}

export function rateColumns<Row extends CollectionRateRow>(
  first: DataTableColumn<Row>,
  extra: DataTableColumn<Row>[] = [],
): DataTableColumn<Row>[] {
  return [
    first,
    ...extra,
    { key: 'esperado', header: 'Esperado', align: 'end', render: (r) => formatMoney(r.esperado) },
    { key: 'cobrado', header: 'Cobrado', align: 'end', render: (r) => formatMoney(r.cobrado) },
    { key: 'tasa', header: 'Tasa de cobranza', align: 'end', render: (r) => <RateText rate={r.tasa} /> },
  ];
}
