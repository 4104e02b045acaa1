import { inversionMessages as m } from '../../../shared/inversiones/messages';
import type { InversionesResponse } from '../../../shared/inversiones/types';
import { formatMoney } from '../../../shared/money';
import { BreakdownCard } from '../../ui/breakdown-card';
import { CrudPage } from '../../ui/crud-page';
import { useRangeList } from '../../ui/use-range-list';
import { inversionColumns } from './inversion-columns';
import { InversionFormDialog } from './inversion-form-dialog';
import { useInversionDialog } from './use-inversion-dialog';

/** docs/producto.md §2 inversiones: as egresos, with the breakdown per responsible person; create only. */
export function InversionesPage() {
  const list = useRangeList<InversionesResponse>('list-inversiones', 'inversiones');
  const dialog = useInversionDialog(list.source.reload);
  const data = list.data;

  return (
    <CrudPage
      title="Inversiones"
      subtitle="De dónde viene el capital del negocio"
      create={{ label: 'Nueva Inversión', onClick: dialog.openCreate }}
      actions={list.actions}
      filters={list.filters}
      source={list.source}
      errorTitle={m.errorCargar}
      summary={
        data && (
          <BreakdownCard
            title="Por responsable"
            totalLabel="Capital neto invertido"
            total={data.totals.neto}
            testId="inversiones-breakdown"
            items={data.summary.map((p) => ({
              key: p.responsable,
              label: p.responsable,
              value: p.neto,
              detail:
                p.retirado > 0
                  ? `Aportado ${formatMoney(p.aportado)} · Retirado ${formatMoney(p.retirado)}`
                  : `${p.count} ${p.count === 1 ? 'movimiento' : 'movimientos'}`,
            }))}
          />
        )
      }
      table={
        list.complete
          ? {
              label: 'Lista de inversiones',
              testId: 'inversiones-table',
              columns: inversionColumns,
              rows: data?.inversiones ?? null,
              rowKey: (i) => i.id,
              emptyText: m.vacio,
            }
          : undefined
      }
    >
      <InversionFormDialog dialog={dialog} />
    </CrudPage>
  );
}
