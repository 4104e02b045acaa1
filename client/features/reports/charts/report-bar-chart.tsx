import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../../shared/money';

export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  /** A Chakra colour token ('teal.solid') or a CSS colour. */
  color: string;
}

const compactMoney = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const formatters = {
  money: { axis: (v: number) => compactMoney.format(v), value: (v: number) => formatMoney(v) },
  percent: { axis: (v: number) => `${v}%`, value: (v: number) => `${v.toFixed(1)}%` },
};

/**
 * A bar chart of a report (Chakra charts over recharts, loaded only with the report screens). The picture
 * is hidden from screen readers: `summary` says in words what it shows, and `tableId` points at the table
 * on the same screen that holds every figure it draws (issue 11: an equivalent for every chart).
 */
export function ReportBarChart<T extends object>({
  title,
  summary,
  tableId,
  data,
  category,
  categoryLabel = String,
  series,
  format = 'money',
  height = '260px',
  referenceAt,
  testId,
}: {
  title: string;
  summary: string;
  tableId?: string;
  data: T[];
  category: keyof T & string;
  categoryLabel?: (value: string) => string;
  series: ChartSeries<T>[];
  format?: keyof typeof formatters;
  height?: string;
  /** A horizontal line (100 % of the due amount in a rate chart). */
  referenceAt?: number;
  testId?: string;
}) {
  const chart = useChart<T>({
    data,
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
  });
  const f = formatters[format];
  const categoryKey: string = category;
  return (
    <Box as="figure" m="0" aria-describedby={tableId} data-testid={testId} data-print-keep>
      <Text as="figcaption" fontWeight="semibold" mb="1">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {summary}
      </Text>
      <Chart.Root chart={chart} aspectRatio="auto" h={height} aria-hidden="true">
        <BarChart
          responsive
          data={chart.data as Record<string, unknown>[]}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis
            dataKey={categoryKey}
            tickFormatter={(v) => categoryLabel(String(v))}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
          />
          <YAxis tickFormatter={f.axis} tickLine={false} axisLine={false} width={64} />
          {referenceAt !== undefined && (
            <ReferenceLine y={referenceAt} stroke={chart.color('fg.muted')} strokeDasharray="4 4" />
          )}
          <Tooltip
            cursor={{ fill: chart.color('bg.muted') }}
            animationDuration={100}
            content={<Chart.Tooltip formatter={(value) => f.value(Number(value))} />}
            labelFormatter={(v) => categoryLabel(String(v))}
          />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((s) => (
            <Bar
              key={String(s.name)}
              dataKey={String(s.name)}
              name={String(s.label)}
              fill={chart.color(s.color)}
              isAnimationActive={false}
              radius={[3, 3, 0, 0]}
            />
          ))}
        </BarChart>
      </Chart.Root>
    </Box>
  );
}
