import { Box, Center, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { BarChartViewProps, ChartFormat } from './bar-chart-view';

export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  /** A Chakra colour token ('teal.solid') or a CSS colour. */
  color: string;
}

// The chart's code is not precached (the precache stays under 400 KB gzip, decision 012); the service worker
// keeps it once fetched. Offline before that, the report still opens: the table below the chart holds every
// figure.
const BarChartView = lazy(() =>
  import('./bar-chart-view')
    .then((m) => ({ default: m.BarChartView }))
    .catch(() => ({ default: ChartUnavailable })),
);

function ChartUnavailable({ height }: BarChartViewProps) {
  return (
    <Center h={height} bg="bg.muted" borderRadius="md" px="4" textAlign="center">
      <Text fontSize="sm" color="fg.muted">
        La gráfica necesita conexión para cargarse la primera vez; las cifras están en la tabla.
      </Text>
    </Center>
  );
}

/**
 * A bar chart of a report (Chakra charts over recharts, loaded only when a chart is shown). The picture is
 * hidden from screen readers: `summary` says in words what it shows, and `tableId` points at the table on the
 * same screen that holds every figure it draws (a text equivalent for every chart, WCAG 1.1.1).
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
  format?: ChartFormat;
  height?: string;
  /** A horizontal line (100 % of the due amount in a rate chart). */
  referenceAt?: number;
  testId?: string;
}) {
  return (
    <Box as="figure" m="0" aria-describedby={tableId} data-testid={testId} data-print-keep>
      <Text as="figcaption" fontWeight="semibold" mb="1">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {summary}
      </Text>
      <Suspense fallback={<Box h={height} />}>
        <BarChartView
          data={data as Record<string, unknown>[]}
          category={category}
          categoryLabel={categoryLabel}
          series={series}
          format={format}
          height={height}
          referenceAt={referenceAt}
        />
      </Suspense>
    </Box>
  );
}
