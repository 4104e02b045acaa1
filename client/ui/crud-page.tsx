import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type DataTableProps } from './data-table';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';
import { RowActions } from './row-actions';
import { useDeleteConfirm } from './use-delete-confirm';

export interface CrudTable<Row> extends Omit<DataTableProps<Row>, 'rows' | 'loading' | 'actions'> {
  /** null until the list has loaded once. */
  rows: readonly Row[] | null;
  /** Goes into the row buttons' accessible names ('Editar Juan Pérez'); the row's key if left out. */
  rowName?: (row: Row) => string;
}

export interface CrudRemoval<Row> {
  /** The DELETE call. */
  call: (row: Row) => Promise<unknown>;
  /** The confirmation's title and sentence ('Eliminar Cliente', '¿Está seguro de eliminar …?'). */
  title: string;
  message: (row: Row) => string;
  /** docs/producto.md §8: 'Cliente eliminado exitosamente'; 'Error al eliminar el cliente' (': ' and the reason follow). */
  deleted: string;
  deleteError: string;
  /** Rows without 'Eliminar' (one's own user or account: the server refuses them too). */
  allowed?: (row: Row) => boolean;
}

export interface CrudPageProps<Row> {
  title: string;
  subtitle: string;
  /** The header's main button ('Nuevo Cliente'). */
  create: { label: string; onClick: () => void; disabled?: boolean };
  /** Header buttons after it (export, print). */
  actions?: ReactNode;
  /** Above the load error: what decides what is listed (dates, account). */
  filters?: ReactNode;
  /** The list's request: its error shows as `errorTitle` with the reason and 'Reintentar'. */
  source: { error: string | null; reload: () => void; loading: boolean };
  errorTitle: string;
  /** Between the error and the list: figures, a search box. */
  intro?: ReactNode;
  /** Right above the table and shown with it (a breakdown of what it lists). */
  summary?: ReactNode;
  /** The list as a table from md, cards below (DataTable); hidden while a failed list never loaded. */
  table?: CrudTable<Row>;
  /** The list when it is not a table (roles are cards). */
  list?: ReactNode;
  /** Under the list (pagination). */
  footer?: ReactNode;
  /** 'Editar' on each row. */
  onEdit?: (row: Row) => void;
  /** 'Eliminar' on each row, asked in a confirmation, then the list reloads. */
  remove?: CrudRemoval<Row>;
  /** The create/edit dialog. */
  children?: ReactNode;
}

const nothingToRemove = () => Promise.resolve();

/**
 * A catalogue screen (docs/producto.md §2): header with its 'Nuevo …' button, the load error (docs/producto.md §8 'Error al cargar
 * …'), the list with 'Editar' / 'Eliminar' per row and its confirmation, and the screen's dialog.
 */
export function CrudPage<Row>(props: CrudPageProps<Row>) {
  const { create, source, table, remove, onEdit } = props;
  const removal = useDeleteConfirm<Row>({
    remove: remove?.call ?? nothingToRemove,
    messages: { deleted: remove?.deleted ?? '', deleteError: remove?.deleteError ?? '' },
    onDeleted: source.reload,
  });
  const rowActions = (rowName: (row: Row) => string) => (row: Row) => (
    <RowActions
      name={rowName(row)}
      onEdit={onEdit && (() => onEdit(row))}
      onDelete={remove && (remove.allowed?.(row) ?? true) ? () => removal.ask(row) : undefined}
    />
  );
  let dataTable: ReactNode = null;
  if (table && !(source.error && table.rows === null)) {
    const { rows, rowName = (row: Row) => String(table.rowKey(row)), ...rest } = table;
    dataTable = (
      <DataTable
        {...rest}
        rows={rows ?? []}
        loading={source.loading}
        actions={onEdit || remove ? rowActions(rowName) : undefined}
      />
    );
  }

  return (
    <Stack gap="6">
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={
          <>
            <Button
              size={{ base: 'lg', md: 'md' }}
              onClick={create.onClick}
              disabled={create.disabled}
              className="no-print"
            >
              {create.label}
            </Button>
            {props.actions}
          </>
        }
      />
      {props.filters}
      {source.error && <ErrorState title={props.errorTitle} message={source.error} onRetry={source.reload} />}
      {props.intro}
      {props.summary && dataTable ? (
        <Stack gap="4">
          {props.summary}
          {dataTable}
        </Stack>
      ) : (
        dataTable
      )}
      {props.list}
      {props.footer}
      {props.children}
      {remove && (
        <ConfirmDialog
          {...removal.dialogProps}
          title={remove.title}
          message={removal.target === null ? '' : remove.message(removal.target)}
        />
      )}
    </Stack>
  );
}
