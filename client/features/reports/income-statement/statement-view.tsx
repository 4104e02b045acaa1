import { Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '../../../../shared/money';
import type { IncomeStatement } from '../../../../shared/reports/types';
import { StatCard } from '../../../ui/stat-card';
import { definitions } from '../report-texts';
import { type StatementLine, StatementSection } from './statement-section';

const TYPE_LABEL = {
  OPERACION: 'Gastos de operación',
  FINANCIERO: 'Gastos financieros',
  OTROS: 'Otros gastos',
} as const;

const resultTone = (v: number) => (v < 0 ? 'red.700' : 'teal.700');
const percent = (v: number) => `${v.toFixed(1)}%`;

/** docs/producto.md §2 income statement: five collapsible sections and the two indicators (one decimal, docs/producto.md §9). */
export function StatementView({ data }: { data: IncomeStatement }) {
  const expenseLines: StatementLine[] = (['OPERACION', 'FINANCIERO', 'OTROS'] as const).flatMap((tipo) => [
    {
      label: TYPE_LABEL[tipo],
      value:
        tipo === 'OPERACION'
          ? data.gastos_operacion
          : tipo === 'FINANCIERO'
            ? data.gastos_financieros
            : data.otros_gastos,
    },
    ...data.gastos
      .filter((g) => g.tipo === tipo)
      .map((g) => ({ label: g.concepto, value: g.total, indent: true })),
  ]);
  const totalGastos = data.gastos_operacion + data.gastos_financieros + data.otros_gastos;
  const directos = data.costo_directo_comision_abonos + data.costo_directo_comision_creditos;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <StatCard
          label="Margen de Utilidad"
          value={percent(data.margenDeUtilidad)}
          tone={data.margenDeUtilidad < 0 ? 'red' : 'teal'}
          testId="margen"
          rawValue={data.margenDeUtilidad}
        />
        <StatCard
          label="Eficiencia de Costos"
          value={percent(data.eficienciaDeCostos)}
          tone="orange"
          testId="eficiencia"
          rawValue={data.eficienciaDeCostos}
        />
      </SimpleGrid>
      <Card.Root variant="outline" bg="bg">
        <Card.Body gap="3" p={{ base: '3', md: '5' }}>
          <StatementSection
            id="ingresos"
            title="INGRESOS"
            total={data.ingresos}
            tone="teal.700"
            lines={[
              { label: 'Intereses cobrados', value: data.ingresos },
              {
                label: `Cobrado en el periodo: ${formatMoney(data.monto_cobrado)}, del que es capital recuperado`,
                value: data.capital_recuperado,
                indent: true,
              },
            ]}
          />
          <StatementSection
            id="costos"
            title="COSTOS DIRECTOS"
            total={directos}
            negative
            lines={[
              { label: 'Comisión sobre abonos', value: data.costo_directo_comision_abonos },
              { label: 'Comisión sobre créditos', value: data.costo_directo_comision_creditos },
            ]}
          />
          <StatementSection
            id="bruta"
            title="UTILIDAD BRUTA"
            total={data.utilidad_bruta}
            tone={resultTone(data.utilidad_bruta)}
            lines={[
              { label: 'Ingresos', value: data.ingresos },
              { label: 'Menos costos directos', value: -directos },
            ]}
          />
          <StatementSection
            id="gastos"
            title="GASTOS DE OPERACIÓN"
            total={totalGastos}
            negative
            lines={expenseLines}
          />
          <StatementSection
            id="neta"
            title="UTILIDAD NETA"
            total={data.utilidad_neta}
            tone={resultTone(data.utilidad_neta)}
            lines={[
              { label: 'Utilidad bruta', value: data.utilidad_bruta },
              { label: 'Menos gastos', value: -totalGastos },
            ]}
          />
        </Card.Body>
      </Card.Root>
      <Stack gap="1" fontSize="sm" color="fg.muted">
        <Text>{definitions.estado}</Text>
        <Text>{definitions.margen}</Text>
        <Text>{definitions.eficiencia}</Text>
      </Stack>
    </Stack>
  );
}
