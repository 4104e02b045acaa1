import {
  Box,
  Skeleton,
  Stack,
  type SystemStyleObject,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Fragment, type ReactNode, useRef } from 'react';
import { useScrollFocus } from './use-scroll-focus';
import './data-table.css';

export interface DataTableColumn<Row> {
  /** Unique per table; also the cell's `data-column`. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Left out of the phone card (e.g. a date that the card would only crowd). */
  hideOnMobile?: boolean;
  /** On the phone card, shown as its heading (no label) above the pairs: usually the name. */
  cardTitle?: boolean;
  /** Cell alignment on the table (numbers read better at the end). */
  align?: 'start' | 'center' | 'end';
  /**
   * Text people type (a name, a town): on the table a word longer than the column breaks inside it, so no
   * name sets how wide the table must be (one long town pushed a row's buttons past a 1280-px screen).
   */
  breakLongWords?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the rows when there are none (and nothing is loading). */
  emptyText: string;
  /** With no rows yet: skeleton rows. With rows: they stay (a reload does not blank the screen). */
  loading?: boolean;
  /** Buttons for one row: the last table column ('Acciones'), the footer of a phone card. */
  actions?: (row: Row) => ReactNode;
  actionsHeader?: string;
  /** Accessible name of the table / card list, e.g. 'Lista de clientes'. */
  label: string;
  testId?: string;
  /** The table's id (a chart's aria-describedby points at it). */
  id?: string;
  /**
   * A click anywhere on the row (a report's row opens its detail). Mouse convenience only: keep a link or
   * button for the same target in `actions`, which keyboards and phones use.
   */
  onRowClick?: (row: Row) => void;
  /** Styles for what is inside (e.g. which cells may wrap on a crowded table). */
  css?: SystemStyleObject;
}

/**
 * A list that is a table from `md` (768 px) up and a stack of cards below it, each card the row's
 * 'label: value' pairs (docs/arquitectura.md). Only one of the two is rendered, so tests and screen readers never
 * see a row twice. Rows carry data-testid="data-row" (table) or "data-card" (phone) and data-key.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  const { rows, loading = false, emptyText, testId, css } = props;
  const layout = isDesktop ? 'table' : 'cards';

  if (rows.length === 0) {
    return (
      <Box data-testid={testId} data-layout={layout} aria-busy={loading} css={css}>
        {loading ? (
          <Stack gap="3" aria-label="Cargando">
            <Skeleton h="12" />
            <Skeleton h="12" />
            <Skeleton h="12" />
          </Stack>
        ) : (
          <Text
            color="fg.muted"
            textAlign="center"
            py="10"
            bg="bg"
            borderWidth="1px"
            borderRadius="lg"
            data-testid="data-empty"
          >
            {emptyText}
          </Text>
        )}
      </Box>
    );
  }
  return (
    <Box data-testid={testId} data-layout={layout} aria-busy={loading} css={css}>
      {isDesktop ? <DesktopTable {...props} /> : <PhoneCards {...props} />}
    </Box>
  );
}

function DesktopTable<Row>({
  columns,
  rows,
  rowKey,
  actions,
  actionsHeader,
  label,
  id,
  onRowClick,
}: DataTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollFocus(scroller);
  return (
    <Table.ScrollArea
      ref={scroller}
      borderWidth="1px"
      borderRadius="lg"
      bg="bg"
      // Chakra's scroll area keeps every cell on one line, so a long note or three buttons pushed columns off a
      // 1280-px screen. Text wraps at its spaces instead; a value that must not break uses .cell-nowrap.
      whiteSpace="normal"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <Table.Root size="sm" interactive aria-label={label} id={id}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map((col) => (
              <Table.ColumnHeader key={col.key} textAlign={col.align} verticalAlign="bottom">
                {col.header}
              </Table.ColumnHeader>
            ))}
            {actions && (
              <Table.ColumnHeader textAlign="end">{actionsHeader ?? 'Acciones'}</Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row
              key={rowKey(row)}
              data-testid="data-row"
              data-key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              cursor={onRowClick ? 'pointer' : undefined}
            >
              {columns.map((col) => (
                <Table.Cell
                  key={col.key}
                  textAlign={col.align}
                  data-column={col.key}
                  className={col.breakLongWords ? 'cell-break' : undefined}
                >
                  {col.render(row)}
                </Table.Cell>
              ))}
              {actions && <Table.Cell textAlign="end">{actions(row)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function PhoneCards<Row>({ columns, rows, rowKey, actions, label, id }: DataTableProps<Row>) {
  const titles = columns.filter((col) => col.cardTitle && !col.hideOnMobile);
  const pairs = columns.filter((col) => !col.cardTitle && !col.hideOnMobile);
  return (
    <ul className="data-cards" aria-label={label} id={id}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="data-card" data-testid="data-card" data-key={rowKey(row)}>
          <div className="data-card-body">
            {titles.map((col) => (
              <div key={col.key} className="data-card-title" data-column={col.key}>
                {col.render(row)}
              </div>
            ))}
            <dl className="data-card-pairs">
              {pairs.map((col) => (
                <Fragment key={col.key}>
                  <dt>{col.header}</dt>
                  <dd data-column={col.key}>{col.render(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </div>
          {actions && <div className="data-card-footer">{actions(row)}</div>}
        </li>
      ))}
    </ul>
  );
}
