import { formatDate } from '../../../shared/dates';
import { egresoMessages as m } from '../../../shared/egresos/messages';
import type { CatalogoEgreso, EgresosResponse } from '../../../shared/egresos/types';
import { useApiData } from '../../session/use-api-data';
import { BreakdownCard } from '../../ui/breakdown-card';
import { CrudPage } from '../../ui/crud-page';
import { useRangeList } from '../../ui/use-range-list';
import { egresoColumns } from './egreso-columns';
import { EgresoFormDialog } from './egreso-form-dialog';
import { useEgresoDialog } from './use-egreso-dialog';

/** docs/producto.md §2 egresos: the month's expenses, their total per concept, and the create/edit modal. */
export function EgresosPage() {
  const list = useRangeList<EgresosResponse>('list-egresos', 'egresos');
  const catalogo = useApiData<{ data: CatalogoEgreso[] }>('list-catalogo-egresos');
  const dialog = useEgresoDialog(list.source.reload);
  const data = list.data;

  return (
    <CrudPage
      title="Egresos"
      subtitle="Gastos del negocio por concepto"
      create={{ label: 'Nuevo Egreso', onClick: dialog.openCreate }}
      actions={list.actions}
      filters={list.filters}
      source={list.source}
      errorTitle={m.errorCargar}
      summary={
        data && (
          <BreakdownCard
            title="Por concepto"
            totalLabel="Total de egresos"
            total={data.total}
            testId="egresos-breakdown"
            items={data.summary.map((s) => ({
              key: s.catalogo_egreso_id,
              label: s.concepto,
              value: s.total,
              detail: `${s.count} ${s.count === 1 ? 'egreso' : 'egresos'}`,
            }))}
          />
        )
      }
      table={
        list.complete
          ? {
              label: 'Lista de egresos',
              testId: 'egresos-table',
              columns: egresoColumns,
              rows: data?.egresos ?? null,
              rowKey: (e) => e.id,
              rowName: (e) => `${e.catalogo_egreso.concepto} del ${formatDate(e.fecha)}`,
              emptyText: m.vacio,
            }
          : undefined
      }
      onEdit={dialog.openEdit}
    >
      <EgresoFormDialog
        dialog={dialog}
        catalogo={catalogo.data?.data ?? []}
        catalogoError={catalogo.error ? `${m.errorCargarCatalogo}: ${catalogo.error}` : null}
      />
    </CrudPage>
  );
}
