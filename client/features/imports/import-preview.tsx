import { Alert, Box, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { formatDate } from '../../../shared/dates';
import type { ImportIssue, ImportPlan } from '../../../shared/imports/plan';
import { cents, formatCents } from '../../../shared/money';
import { StatCard } from '../../ui/stat-card';

/** Rows shown of a large file: enough to recognise it; the totals cover every row. */
export const PREVIEW_ROWS = 20;
export const ISSUES_SHOWN = 200;

const count = (n: number) => n.toLocaleString('es-MX');

/** What the file will create, before anything is sent: every total, and its first rows as they will read. */
export function ImportTotals({ plan }: { plan: ImportPlan }) {
  const t = plan.totals;
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="import-totals">
      <StatCard
        label="Préstamos"
        value={count(t.prestamos)}
        rawValue={t.prestamos}
        tone="blue"
        testId="import-prestamos"
      />
      <StatCard label="Clientes" value={count(t.clientes)} rawValue={t.clientes} tone="purple" />
      <StatCard
        label="Monto prestado"
        value={formatCents(t.montoCredito)}
        rawValue={t.montoCredito}
        tone="teal"
      />
      <StatCard
        label="Total con interés"
        value={formatCents(t.montoConInteres)}
        rawValue={t.montoConInteres}
        tone="gray"
      />
      <StatCard
        label="Pagado a la fecha"
        value={formatCents(t.pagado)}
        rawValue={t.pagado}
        tone="teal"
        testId="import-pagado"
      />
      <StatCard
        label="Saldo por cobrar"
        value={formatCents(t.saldo)}
        rawValue={t.saldo}
        tone="orange"
        testId="import-saldo"
      />
      <StatCard label="Pagos importados" value={count(t.pagos)} rawValue={t.pagos} tone="gray" />
    </SimpleGrid>
  );
}

export function ImportRowsPreview({ plan }: { plan: ImportPlan }) {
  const shown = plan.loans.slice(0, PREVIEW_ROWS);
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">
        {plan.loans.length > PREVIEW_ROWS
          ? `Primeros ${PREVIEW_ROWS} de ${count(plan.loans.length)} préstamos`
          : 'Préstamos del archivo'}
      </Text>
      <Box
        overflowX="auto"
        tabIndex={0}
        role="region"
        aria-label="Vista previa de la importación"
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
      >
        <Table.Root size="sm" data-testid="import-preview">
          <Table.Header>
            <Table.Row>
              {[
                'Fila',
                'Referencia',
                'Cliente',
                'Municipio',
                'Modalidad',
                'Inicio',
                'Monto',
                'Abono',
                'Pagado',
                'Saldo',
              ].map((h) => (
                <Table.ColumnHeader
                  key={h}
                  textAlign={['Monto', 'Abono', 'Pagado', 'Saldo'].includes(h) ? 'end' : 'start'}
                >
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((l) => (
              <Table.Row key={l.loan.fila}>
                <Table.Cell>{l.loan.fila}</Table.Cell>
                <Table.Cell>{l.loan.referencia}</Table.Cell>
                <Table.Cell>{l.loan.nombre}</Table.Cell>
                <Table.Cell>{l.municipalityName}</Table.Cell>
                <Table.Cell>{l.method.modalidad_pago}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(l.loan.fecha_inicio)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(l.loan.monto_credito)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(l.figures.abono)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCents(l.pagado)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {formatCents(cents(l.figures.montoConInteres - l.pagado))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/** Each problem named by sheet, row and column, as the user finds it in their spreadsheet. */
export function ImportIssues({ issues }: { issues: readonly ImportIssue[] }) {
  const shown = issues.slice(0, ISSUES_SHOWN);
  return (
    <Stack gap="3">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {issues.length === 1
              ? 'El archivo tiene 1 problema'
              : `El archivo tiene ${count(issues.length)} problemas`}
          </Alert.Title>
          <Alert.Description>
            Corríjalos en su hoja de cálculo y vuelva a elegir el archivo. No se importó nada.
            {issues.length > ISSUES_SHOWN && ` Se muestran los primeros ${ISSUES_SHOWN}.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box
        overflowX="auto"
        tabIndex={0}
        role="region"
        aria-label="Problemas del archivo"
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
      >
        <Table.Root size="sm" data-testid="import-issues">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Hoja</Table.ColumnHeader>
              <Table.ColumnHeader>Fila</Table.ColumnHeader>
              <Table.ColumnHeader>Columna</Table.ColumnHeader>
              <Table.ColumnHeader>Problema</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((issue) => (
              <Table.Row key={`${issue.hoja}-${issue.fila}-${issue.columna}-${issue.mensaje}`}>
                <Table.Cell>{issue.hoja}</Table.Cell>
                <Table.Cell>{issue.fila}</Table.Cell>
                <Table.Cell>{issue.columna ?? '—'}</Table.Cell>
                <Table.Cell>{issue.mensaje}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
