import { Text } from '@chakra-ui/react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { TIPO_INVERSION_LABELS } from '../../../shared/inversiones/schemas';
import type { Inversion } from '../../../shared/inversiones/types';
import { formatMoney } from '../../../shared/money';
import type { DataTableColumn } from '../../ui/data-table';

/** docs/producto.md §2 (the egresos layout): Fecha, Importe, Responsable, Tipo, Descripción, Fecha de Registro. */
export const inversionColumns: DataTableColumn<Inversion>[] = [
  { key: 'fecha', header: 'Fecha', render: (i) => formatDate(i.fecha) },
  {
    key: 'importe',
    header: 'Importe',
    align: 'end',
    render: (i) =>
      i.tipo === 'Retiro' ? (
        <Text as="span" color="red.700">
          −{formatMoney(i.importe)}
        </Text>
      ) : (
        formatMoney(i.importe)
      ),
  },
  { key: 'responsable', header: 'Responsable', cardTitle: true, render: (i) => i.responsable },
  { key: 'tipo', header: 'Tipo', render: (i) => TIPO_INVERSION_LABELS[i.tipo] },
  { key: 'descripcion', header: 'Descripción', render: (i) => i.descripcion },
  {
    key: 'registro',
    header: 'Fecha de Registro',
    hideOnMobile: true,
    render: (i) => formatDateTime(i.created_at),
  },
];
