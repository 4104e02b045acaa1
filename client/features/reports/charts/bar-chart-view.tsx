import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../../shared/money';

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

export type ChartFormat = keyof typeof formatters;

export interface BarChartViewProps {
  data: Record<string, unknown>[];
  category: string;
  categoryLabel: (value: string) => string;
  series: { key: string; label: string; color: string }[];
  format: ChartFormat;
  height: string;
  referenceAt?: number | undefined;
}

/**
 * The picture of a report's bar chart: Chakra charts over recharts, the largest code in the app (~120 KB gzip),
 * in a chunk of its own that ./report-bar-chart loads and the service worker does not precache.
 */
export function BarChartView({
  data,
  category,
  categoryLabel,
  series,
  format,
  height,
  referenceAt,
}: BarChartViewProps) {
  const chart = useChart({
    data,
    series: series.map((s) => ({ name: s.key, label: s.label, color: s.color })),
  });
  const f = formatters[format];
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={height} aria-hidden="true">
      {/* Recharts' keyboard layer (tabIndex on the svg) would put a focus stop inside a hidden picture; the
          table the figure points at is the keyboard's and the screen reader's way to the figures. */}
      <BarChart
        responsive
        accessibilityLayer={false}
        data={chart.data}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={category}
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
  );
}
