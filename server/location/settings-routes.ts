// 'Ajustes de la cuenta' (docs/producto.md §2.26, decision 029): what an account's administrator decides for
// its own account, today whether Cobranza's taps record where they happen.
import { Hono } from 'hono';
import { locationMessages as m } from '../../shared/location/messages';
import { accountSettingsSchema } from '../../shared/location/schemas';
import type { AccountSettings } from '../../shared/location/types';
import { appendAudit } from '../audit/append-audit';
import { requireAuth, requirePermission } from '../auth/middleware';
import type { Db } from '../db/connect';
import { jsonBody } from '../http/validate';
import type { AppDeps, AppEnv } from '../types';

async function settingsOf(db: Db, accountId: number): Promise<AccountSettings> {
  const [row] = await db<AccountSettings[]>`select registrar_ubicacion from accounts where id = ${accountId}`;
  return { registrar_ubicacion: row?.registrar_ubicacion ?? false };
}

/**
 * GET and PUT /api/account-settings: the signed-in user's own account. USUARIOS_GESTIONAR, which every account's
 * ADMINISTRADOR has (CUENTAS_GESTIONAR only the installation's): recording where the collectors work is decided
 * by who manages the account's people.
 */
export function accountSettingsRoutes(deps: AppDeps) {
  const { sql } = deps;
  const routes = new Hono<AppEnv>();
  const guard = [requireAuth(deps), requirePermission('USUARIOS_GESTIONAR')] as const;

  routes.get('/account-settings', ...guard, async (c) =>
    c.json({ data: await settingsOf(sql, c.get('auth').accountId) }),
  );

  routes.put('/account-settings', ...guard, jsonBody(accountSettingsSchema), async (c) => {
    const { accountId, userId } = c.get('auth');
    const next = c.req.valid('json');
    const data = await sql.begin(async (tx) => {
      const [before] = await tx<AccountSettings[]>`select registrar_ubicacion from accounts
        where id = ${accountId} for update`;
      await tx`update accounts set registrar_ubicacion = ${next.registrar_ubicacion} where id = ${accountId}`;
      if (before && before.registrar_ubicacion !== next.registrar_ubicacion)
        await appendAudit(tx, { accountId, userId }, [
          {
            action: 'account.settings',
            entity: 'accounts',
            entityId: accountId,
            before: { ...before },
            after: { ...next },
          },
        ]);
      return settingsOf(tx, accountId);
    });
    return c.json({ data, message: m.ajustesGuardados });
  });

  return routes;
}
