// GET /api/field/today: the office's view of today's field work (docs/producto.md §2.25), read in one snapshot so
// the collectors' and the towns' figures add up to the same money.
import type { IsoDate } from '../../shared/dates';
import type { FieldDevice, FieldToday } from '../../shared/field/types';
import { pesos } from '../../shared/money';
import { collectionWeekOf } from '../../shared/sheets/coverage-week';
import type { Sql } from '../db/connect';
import type { Scope } from '../types';
import { collectorsToday, devicesOf, townsOf, townsToday } from './queries';

export function readFieldToday(sql: Sql, scope: Scope, today: IsoDate): Promise<FieldToday> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const towns = await townsOf(tx, scope);
    const weeks = towns.map((t) => {
      const week = collectionWeekOf(t.collection_day, today);
      return { id: t.id, start: week.coverageWeek, end: week.coverageWeekEnd };
    });
    const [collectors, devices, tallies] = await Promise.all([
      collectorsToday(tx, scope, today),
      devicesOf(tx, scope.accountId),
      townsToday(tx, scope, today, weeks),
    ]);
    const phones = new Map<number, FieldDevice[]>();
    for (const d of devices)
      phones.set(d.user_id, [
        ...(phones.get(d.user_id) ?? []),
        {
          clientId: d.client_id,
          userAgent: d.user_agent,
          lastSeenAt: d.last_seen_at.toISOString(),
          pendientes: d.pendientes,
          pendientesAt: d.pendientes_at?.toISOString() ?? null,
        },
      ]);
    const byTown = new Map(tallies.map((t) => [t.municipality_id, t]));
    const weekOf = new Map(weeks.map((w) => [w.id, w.start]));
    return {
      fecha: today,
      collectors: collectors.map((c) => ({
        userId: c.user_id,
        name: c.name,
        cobrado: pesos(c.cobrado),
        pagos: c.pagos,
        visitas: c.visitas,
        promesas: c.promesas,
        atendidos: c.atendidos,
        devices: phones.get(c.user_id) ?? [],
      })),
      towns: towns
        .map((t) => ({ town: t, tally: byTown.get(t.id) }))
        .filter(({ tally }) => tally && (tally.ruta > 0 || tally.pagos > 0 || tally.visitas > 0))
        .map(({ town, tally }) => ({
          municipalityId: town.id,
          name: town.name,
          cobrado: pesos(tally!.cobrado),
          pagos: tally!.pagos,
          visitas: tally!.visitas,
          promesas: tally!.promesas,
          ruta: tally!.ruta,
          hechos: tally!.hechos,
          semana: weekOf.get(town.id)!,
          conHoja: tally!.con_hoja,
        })),
    };
  });
}
