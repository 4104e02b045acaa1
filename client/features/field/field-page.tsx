import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import type { FieldCollector, FieldDevice, FieldToday, FieldTown } from '../../../shared/field/types';
import { formatMoney } from '../../../shared/money';
import { useApiData } from '../../session/use-api-data';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { StatCard } from '../../ui/stat-card';
import { type LiveMode, useFieldLive } from './use-field-live';

const LIVE_TEXT: Record<LiveMode, string> = {
  conectando: 'Conectando…',
  'en-vivo': 'En vivo: se actualiza al llegar cada envío de los teléfonos',
  consulta: 'Sin conexión en vivo: se consulta cada 30 segundos',
};

/** '5 min', '2 h', '3 días': how long ago a phone was heard from. */
export function agoText(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'hace menos de 1 min';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `hace ${hours} h`;
  const days = Math.round(hours / 24);
  return `hace ${days} ${days === 1 ? 'día' : 'días'}`;
}

function DeviceLine({ device }: { device: FieldDevice }) {
  const pending =
    device.pendientes === null
      ? 'pendientes: sin dato'
      : device.pendientes === 0
        ? 'nada pendiente'
        : `${device.pendientes} ${device.pendientes === 1 ? 'pendiente' : 'pendientes'}`;
  return (
    <Text fontSize="sm" title={device.userAgent ?? undefined} data-testid="field-device">
      {agoText(device.lastSeenAt)} · {pending}
    </Text>
  );
}

const collectorColumns: readonly DataTableColumn<FieldCollector>[] = [
  { key: 'name', header: 'Cobrador', render: (c) => c.name, cardTitle: true },
  { key: 'cobrado', header: 'Cobrado hoy', render: (c) => formatMoney(c.cobrado), align: 'end' },
  { key: 'pagos', header: 'Pagos', render: (c) => c.pagos, align: 'end' },
  { key: 'visitas', header: 'Visitas sin pago', render: (c) => c.visitas, align: 'end' },
  { key: 'promesas', header: 'Promesas', render: (c) => c.promesas, align: 'end' },
  { key: 'atendidos', header: 'Clientes atendidos', render: (c) => c.atendidos, align: 'end' },
  {
    key: 'devices',
    header: 'Teléfonos (último contacto)',
    render: (c) =>
      c.devices.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Sin teléfono en la última semana
        </Text>
      ) : (
        <Stack gap="0">
          {c.devices.map((d) => (
            <DeviceLine key={d.clientId} device={d} />
          ))}
        </Stack>
      ),
  },
];

const townColumns: readonly DataTableColumn<FieldTown>[] = [
  { key: 'name', header: 'Municipio', render: (t) => t.name, cardTitle: true },
  { key: 'cobrado', header: 'Cobrado hoy', render: (t) => formatMoney(t.cobrado), align: 'end' },
  { key: 'visitas', header: 'Visitas sin pago', render: (t) => t.visitas, align: 'end' },
  { key: 'promesas', header: 'Promesas', render: (t) => t.promesas, align: 'end' },
  {
    key: 'hechos',
    header: 'Clientes hechos en la semana',
    render: (t) => (
      <HStack gap="2" justify={{ base: 'start', md: 'end' }}>
        <Text>
          {t.hechos} de {t.ruta}
        </Text>
        {!t.conHoja && (
          <Badge
            colorPalette="gray"
            title="La semana no tiene hoja: cuenta los préstamos activos con pago en la semana"
          >
            sin hoja
          </Badge>
        )}
      </HStack>
    ),
    align: 'end',
  },
  { key: 'semana', header: 'Semana del', render: (t) => formatDate(t.semana), hideOnMobile: true },
];

/**
 * 'En campo' (docs/producto.md §2.25): today's collection per collector and per town as it reaches the server, for
 * the office. Updated by the server's event stream, or every 30 s without it.
 */
export function FieldPage() {
  const today = useApiData<{ data: FieldToday }>('field/today');
  const mode = useFieldLive(today.reload);
  const data = today.data?.data ?? null;
  // When this screen last read it: the answer itself carries no time, so two reads of the same day are the same.
  const [readAt, setReadAt] = useState<Date | null>(null);
  useEffect(() => {
    if (data) setReadAt(new Date());
  }, [data]);
  const total = data ? data.collectors.reduce((s, c) => s + Math.round(c.cobrado * 100), 0) / 100 : 0;
  const pagos = data ? data.collectors.reduce((s, c) => s + c.pagos, 0) : 0;
  const promesas = data ? data.collectors.reduce((s, c) => s + c.promesas, 0) : 0;

  return (
    <Stack gap="6">
      <PageHeader title="En campo" subtitle={data ? `Hoy, ${formatDate(data.fecha)}` : 'Hoy'} />
      <HStack gap="2" data-testid="field-live" data-mode={mode}>
        <Badge colorPalette={mode === 'en-vivo' ? 'green' : 'gray'}>
          {mode === 'en-vivo' ? 'En vivo' : 'Consulta'}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {LIVE_TEXT[mode]}
          {readAt && ` · leído ${formatDateTime(readAt)}`}
        </Text>
      </HStack>
      {today.error && (
        <ErrorState title="Error al cargar lo de hoy en campo" message={today.error} onRetry={today.reload} />
      )}
      {data && (
        <Stack gap="6">
          <HStack gap="4" wrap="wrap" align="stretch">
            <StatCard
              label="Cobrado hoy"
              value={formatMoney(total)}
              rawValue={total}
              testId="field-cobrado"
            />
            <StatCard label="Pagos" value={String(pagos)} rawValue={pagos} tone="blue" />
            <StatCard label="Promesas" value={String(promesas)} rawValue={promesas} tone="purple" />
          </HStack>
          <Stack gap="2">
            <Text as="h2" fontWeight="semibold" fontSize="lg">
              Por cobrador
            </Text>
            <DataTable
              columns={collectorColumns}
              rows={data.collectors}
              rowKey={(c) => c.userId}
              label="En campo por cobrador"
              emptyText="Ningún cobrador ha enviado nada hoy."
              testId="field-collectors"
            />
          </Stack>
          <Stack gap="2">
            <Text as="h2" fontWeight="semibold" fontSize="lg">
              Por municipio
            </Text>
            <DataTable
              columns={townColumns}
              rows={data.towns}
              rowKey={(t) => t.municipalityId}
              label="En campo por municipio"
              emptyText="Ningún municipio tiene ruta esta semana."
              testId="field-towns"
            />
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
